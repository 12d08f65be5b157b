import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS: Record<string, 'success' | 'warning' | 'default'> = {
  covered: 'success',
  coming_soon: 'warning',
  not_available: 'default',
};

export function CoverageChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.admin_countries.coverage.${status}`, { _: status })}
    />
  );
}
