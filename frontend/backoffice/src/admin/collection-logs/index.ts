import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyScreen } from '../../lazy';

/** The admin's collection logs: filtered, paged, summed and exported as CSV by the balance service. */
export default {
  list: lazyScreen(() => import('./CollectionLogList')),
  icon: ReceiptLongIcon,
  recordRepresentation: (record: { id?: string }) => record.id ?? '',
};
