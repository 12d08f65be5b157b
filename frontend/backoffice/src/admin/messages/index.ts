import MailIcon from '@mui/icons-material/Mail';
import { lazyScreen } from '../../lazy';

/** Partnership and contact messages of the public site: list, read, mark answered. */
export default {
  list: lazyScreen(() => import('./MessageList')),
  show: lazyScreen(() => import('./MessageShow')),
  icon: MailIcon,
  recordRepresentation: (record: { subject?: string | null; company_name?: string | null; email?: string }) =>
    record.subject || record.company_name || record.email || '',
};
