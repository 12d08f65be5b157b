import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazyScreen } from '../../lazy';

/** eUICC card imports: template, upload (xlsx or CSV), each job followed live to its outcome and error report. */
export default {
  list: lazyScreen(() => import('./ImportList')),
  show: lazyScreen(() => import('./ImportShow')),
  icon: UploadFileIcon,
  recordRepresentation: (record: { file_name?: string; id: string }) => record.file_name ?? record.id,
};
