import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../../lazy';

/** Who changed what, when and from where, in every service: one list with filters by person, action and date. */
export default {
  list: lazyScreen(() => import('./AuditLogList')),
  icon: HistoryIcon,
  recordRepresentation: (record: { method?: string; route?: string; id: string }) =>
    record.route ? `${record.method} ${record.route}` : record.id,
};
