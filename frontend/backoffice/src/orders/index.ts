import SimCardIcon from '@mui/icons-material/SimCard';
import { lazyScreen } from '../lazy';

/** eSIM orders: the customer's and dealer's orders with their eSIMs, QR codes and usage. */
export default {
  list: lazyScreen(() => import('./OrderList')),
  show: lazyScreen(() => import('./OrderShow')),
  icon: SimCardIcon,
  recordRepresentation: (record: { order_number?: string; id: string }) => record.order_number ?? record.id,
};
