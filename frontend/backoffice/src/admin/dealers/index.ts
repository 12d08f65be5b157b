import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazyScreen } from '../../lazy';

/** The admin's dealers: list with money, create, edit, delete, status, balance and cash loads, and each dealer's page. */
export default {
  list: lazyScreen(() => import('./DealerList')),
  show: lazyScreen(() => import('./DealerShow')),
  edit: lazyScreen(() => import('./DealerEdit')),
  create: lazyScreen(() => import('./DealerCreate')),
  icon: StorefrontIcon,
  recordRepresentation: (record: { company_name?: string; full_name?: string }) =>
    record.company_name || record.full_name || '',
};

/** admin/dealers/:id/pricing, a custom route of this resource. */
export const DealerPricingScreen = lazyScreen(() => import('./DealerPricingRoute'));
