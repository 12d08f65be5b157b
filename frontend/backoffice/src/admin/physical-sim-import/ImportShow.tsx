import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ImportJob } from '@esim/contracts';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate } from '../../format';
import { ShowPage } from '../../layout/ShowPage';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { downloadFile } from './download';
import { ImportProgress } from './ImportProgress';
import { IMPORT_RUNNING } from './ImportStatusChip';

/** The worker writes its progress about every second: the page asks as often while the job runs, and stops once it ends. */
const POLL_MS = 1000;

interface ImportError {
  row: number;
  column: string | null;
  reason: string;
  value: string | null;
}

function ImportDetails() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const job = useRecordContext<ImportJob & { errors?: ImportError[] }>();
  if (!job) return null;
  const downloadErrors = () =>
    downloadFile(
      dataProvider,
      `admin/physical-sim/imports/${job.id}/errors?format=csv`,
      `import-${job.id}-errors.csv`,
    ).catch((error: Error) => notify(error.message, { type: 'error' }));
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <div>
        <Button component={Link} to="/admin/physical-sim-import" startIcon={<ArrowBackIcon />} size="small">
          {translate('app.psim_import.back')}
        </Button>
      </div>
      <Card variant="outlined">
        <CardContent>
          <ImportProgress job={job} onDownloadErrors={downloadErrors} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('app.psim_import.times', {
              created: formatDate(job.created_at),
              finished: formatDate(job.finished_at),
            })}
          </Typography>
        </CardContent>
      </Card>
      {job.errors?.length && !IMPORT_RUNNING.has(job.status) ? (
        <Card variant="outlined">
          <CardContent sx={{ overflowX: 'auto' }}>
            <Typography variant="subtitle1" component="h2" gutterBottom>
              {translate('app.psim_import.errors_title', { shown: job.errors.length, total: job.rows_rejected })}
            </Typography>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.psim_import.row')}</TableCell>
                  <TableCell>{translate('app.psim_import.column')}</TableCell>
                  <TableCell>{translate('app.psim_import.reason')}</TableCell>
                  <TableCell>{translate('app.psim_import.value')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {job.errors.map((error) => (
                  <TableRow key={`${error.row}-${error.column}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.column ?? '—'}</TableCell>
                    <TableCell>{error.reason}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{error.value ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}

/** One import, followed live while the worker runs it: the bar, the counts, then the outcome and the error report. */
export default function ImportShow() {
  return (
    <ShowPage
      title="app.psim_import.show_title"
      queryOptions={{
        refetchInterval: (query) =>
          IMPORT_RUNNING.has(String((query.state.data as ImportJob | undefined)?.status ?? 'queued')) ? POLL_MS : false,
      }}
    >
      <ImportDetails />
    </ShowPage>
  );
}
