import SimCardIcon from '@mui/icons-material/SimCard';
import { lazyScreen } from '../../lazy';

/** Every profile in the eSIM pool, found by ICCID (or operator), with the order it went to. */
export default {
  list: lazyScreen(() => import('./ProfileList')),
  icon: SimCardIcon,
  recordRepresentation: (record: { iccid?: string; id: string }) => record.iccid ?? record.id,
};
