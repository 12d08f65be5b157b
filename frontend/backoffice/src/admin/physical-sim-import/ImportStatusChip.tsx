import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  processing: 'info',
  completed: 'success',
  failed: 'error',
};

export const IMPORT_RUNNING = new Set(['queued', 'processing']);

export function ImportStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.psim_import.statuses.${status}`, { _: status })}
    />
  );
}
