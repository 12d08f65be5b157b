import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazyScreen } from '../../lazy';

/** Every customer's eSIM orders for the admin: find one, open it, refund an eSIM with a reason or revoke it. */
export default {
  list: lazyScreen(() => import('./EsimOrderList')),
  show: lazyScreen(() => import('./EsimOrderShow')),
  icon: ReceiptIcon,
  recordRepresentation: (record: { order_number?: string; id: string }) => record.order_number ?? record.id,
};
