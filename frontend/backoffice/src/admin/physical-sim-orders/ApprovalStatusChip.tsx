import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'default',
};

export function ApprovalStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.physical_sim.statuses.${status}`, { _: status })}
    />
  );
}
