import PublicIcon from '@mui/icons-material/Public';
import { lazyScreen } from '../../lazy';

/** The shop's settings per country: coverage, daily price, speed, features and its place on the home page. */
export default {
  list: lazyScreen(() => import('./CountryList')),
  edit: lazyScreen(() => import('./CountryEdit')),
  icon: PublicIcon,
  recordRepresentation: (record: { name_tr?: string; id: string }) => record.name_tr ?? record.id,
};
