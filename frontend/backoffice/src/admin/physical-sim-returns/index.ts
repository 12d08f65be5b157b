import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import { lazyScreen } from '../../lazy';

/** Dealers' card returns: pending first, approve (cards back in stock, refund) or reject with a reason. */
export default {
  list: lazyScreen(() => import('./ReturnList')),
  show: lazyScreen(() => import('./ReturnShow')),
  icon: KeyboardReturnIcon,
  recordRepresentation: (record: { dealer_name?: string | null; id: string }) => record.dealer_name ?? record.id,
};
