import DescriptionIcon from '@mui/icons-material/Description';
import { lazyScreen } from '../../lazy';

/** The e-Arşiv invoices and return documents the auth service issues: list, issue again, PDF. */
export default {
  list: lazyScreen(() => import('./InvoiceList')),
  icon: DescriptionIcon,
  recordRepresentation: (record: { number?: string | null; sale_number?: string }) =>
    record.number || record.sale_number || '',
};
