import BadgeIcon from '@mui/icons-material/Badge';
import { lazyScreen } from '../../lazy';

/** The admin's sales managers: list with cash held and dealer count, create, edit, suspend, each one's page, and collecting their cash. */
export default {
  list: lazyScreen(() => import('./SalesManagerList')),
  show: lazyScreen(() => import('./SalesManagerShow')),
  edit: lazyScreen(() => import('./SalesManagerEdit')),
  create: lazyScreen(() => import('./SalesManagerCreate')),
  icon: BadgeIcon,
  recordRepresentation: (record: { full_name?: string }) => record.full_name ?? '',
};
