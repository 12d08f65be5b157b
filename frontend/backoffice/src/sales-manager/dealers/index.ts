import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../../lazy';

/** A sales manager's own dealers: list with what each owes, search, create. */
export default {
  list: lazyScreen(() => import('./DealerList')),
  create: lazyScreen(() => import('./DealerCreate')),
  icon: PeopleIcon,
  recordRepresentation: (record: { company_name?: string; full_name?: string }) =>
    record.company_name || record.full_name || '',
};
