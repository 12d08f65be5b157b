import GroupIcon from '@mui/icons-material/Group';
import { lazyScreen } from '../../lazy';

/** The admin's retail customers: the list with search, and each one's page with orders, payments and refunds. */
export default {
  list: lazyScreen(() => import('./CustomerList')),
  show: lazyScreen(() => import('./CustomerShow')),
  icon: GroupIcon,
  recordRepresentation: (record: { full_name?: string }) => record.full_name ?? '',
};
