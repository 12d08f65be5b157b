import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazyScreen } from '../../lazy';

/** Dealers' Plus (physical SIM) orders: pending first, approve or reject with a reason, each order's cards. */
export default {
  list: lazyScreen(() => import('./OrderList')),
  show: lazyScreen(() => import('./OrderShow')),
  icon: ShoppingCartIcon,
  recordRepresentation: (record: { order_number?: string; id: string }) => record.order_number ?? record.id,
};
