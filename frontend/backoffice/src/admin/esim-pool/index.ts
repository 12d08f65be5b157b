import StorageIcon from '@mui/icons-material/Storage';
import { lazyScreen } from '../../lazy';

/** The eSIM profile pool: stock per package with its low-stock threshold, and operator batch imports. */
export default {
  list: lazyScreen(() => import('./PoolStockList')),
  icon: StorageIcon,
  recordRepresentation: (record: { package_code?: string; id: string }) => record.package_code ?? record.id,
};
