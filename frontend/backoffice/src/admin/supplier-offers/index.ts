import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreen } from '../../lazy';

/** The wholesale suppliers' packages (synced in by the esim service): made into packages, or mapped to them. */
export default {
  list: lazyScreen(() => import('./SupplierOfferList')),
  icon: StorefrontIcon,
  recordRepresentation: (record: { name?: string; id: string }) => record.name ?? record.id,
};
