import { deriveUsage, planStatusDisplay } from '@esim/contracts';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export { planStatusDisplay };

/** The plan status badge (docs/product.md, How statuses are shown), from the one display rule in contracts (labels from our catalogs: same words). */
export function PlanStatusChip({ status, expiresAt }: { status?: string | null; expiresAt?: string | null }) {
  const translate = useTranslate();
  const display = planStatusDisplay(status, expiresAt);
  return <Chip size="small" color={display.color} label={translate(`app.plan_status.${display.key}`)} />;
}

/** Used = total − remaining; percentage = round(used / total × 100), 0 when total is 0 (docs/product.md, The balance check). */
export function usageOf(totalBytes: number | null | undefined, remainingBytes: number | null | undefined) {
  const usage = deriveUsage(Math.max(0, totalBytes ?? 0), Math.max(0, remainingBytes ?? 0));
  return {
    total: usage.total_bytes,
    remaining: usage.remaining_bytes,
    used: usage.used_bytes,
    percentage: usage.percentage,
  };
}
