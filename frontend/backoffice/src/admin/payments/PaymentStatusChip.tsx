import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunding', 'refunded'] as const;

const COLORS: Record<string, 'warning' | 'success' | 'error' | 'info' | 'default'> = {
  pending: 'warning',
  paid: 'success',
  failed: 'error',
  expired: 'default',
  refunding: 'info',
  refunded: 'info',
};

export function PaymentStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.admin_payments.statuses.${status}`, { _: status })}
    />
  );
}
