import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazyScreen } from '../../lazy';

/** The physical-SIM card stock: paged list with filters and bulk actions, each card's page with history and usage. */
export default {
  list: lazyScreen(() => import('./StockList')),
  show: lazyScreen(() => import('./StockShow')),
  icon: Inventory2Icon,
  recordRepresentation: (record: { serial_number?: string; id: string }) => record.serial_number ?? record.id,
};

/** /admin/physical-sim-dashboard, a custom route beside this resource: statistics per day and the status × package × owner summary. */
export const StockDashboardScreen = lazyScreen(() => import('./StockDashboard'));
