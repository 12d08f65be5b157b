import CategoryIcon from '@mui/icons-material/Category';
import { lazyScreen } from '../../lazy';

/** The catalog's packages, eSIM and Plus: create, edit, prices and costs, on or off sale. */
export default {
  list: lazyScreen(() => import('./PackageList')),
  edit: lazyScreen(() => import('./PackageEdit')),
  create: lazyScreen(() => import('./PackageCreate')),
  icon: CategoryIcon,
  recordRepresentation: (record: { code?: string; id: string }) => record.code ?? record.id,
};
