import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyScreen } from '../lazy';

/** Every package with the caller's own price (a dealer's price where one is set). */
export default {
  list: lazyScreen(() => import('./PriceList')),
  icon: LocalOfferIcon,
  recordRepresentation: 'name',
};
