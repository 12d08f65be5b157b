import { INVOICE_SALE_TYPES, INVOICE_STATUSES } from '@esim/contracts';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export { INVOICE_SALE_TYPES, INVOICE_STATUSES };
const COLORS: Record<string, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  issued: 'success',
  failed: 'error',
};

export function InvoiceStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status] ?? 'default'}
      label={translate(`app.admin_invoices.statuses.${status}`, { _: status })}
    />
  );
}
