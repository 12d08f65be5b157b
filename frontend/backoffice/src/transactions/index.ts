import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyScreen } from '../lazy';

/** Movements of the caller's balance: date-range and type filters, server paging, CSV export. */
export default {
  list: lazyScreen(() => import('./TransactionList')),
  icon: ReceiptLongIcon,
  recordRepresentation: (record: { description?: string; id: number }) => record.description ?? String(record.id),
};
