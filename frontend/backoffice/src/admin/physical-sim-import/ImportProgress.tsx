import DownloadIcon from '@mui/icons-material/GetApp';
import { Alert, Box, Button, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import type { ImportJob } from '@esim/contracts';
import { useTranslate } from 'react-admin';
import { IMPORT_RUNNING, ImportStatusChip } from './ImportStatusChip';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString(document.documentElement.lang || 'tr')}
      </Typography>
    </Box>
  );
}

/**
 * One import as the worker reports it: waiting in the queue, running with its bar and counts,
 * done with the counts and the error report, or failed with the service's reason.
 */
export function ImportProgress({ job, onDownloadErrors }: { job: ImportJob; onDownloadErrors: () => void }) {
  const translate = useTranslate();
  const percent = job.status === 'completed' ? 100 : job.percent;
  const label = translate('app.psim_import.progress_label', { name: job.file_name });
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h2" sx={{ wordBreak: 'break-all', mr: 1 }}>
          {job.file_name}
        </Typography>
        <ImportStatusChip status={job.status} />
      </Stack>
      <Box>
        <LinearProgress
          aria-label={label}
          variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={percent}
          color={job.status === 'failed' ? 'error' : job.status === 'completed' ? 'success' : 'primary'}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="import-percent">
          {job.status === 'queued'
            ? translate('app.psim_import.queued_hint')
            : translate('app.psim_import.percent', { percent })}
        </Typography>
      </Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 4 }}>
          <Count label={translate('app.psim_import.rows_read')} value={job.rows_read} />
        </Grid>
        <Grid size={{ xs: 4 }}>
          <Count label={translate('app.psim_import.rows_imported')} value={job.rows_imported} color="success.main" />
        </Grid>
        <Grid size={{ xs: 4 }}>
          <Count
            label={translate('app.psim_import.rows_rejected')}
            value={job.rows_rejected}
            color={job.rows_rejected > 0 ? 'error.main' : undefined}
          />
        </Grid>
      </Grid>
      {job.status === 'completed' ? (
        <Alert severity={job.rows_rejected > 0 ? 'warning' : 'success'}>
          {translate('app.psim_import.completed', { imported: job.rows_imported, rejected: job.rows_rejected })}
        </Alert>
      ) : null}
      {job.status === 'failed' ? (
        <Alert severity="error">
          {translate('app.psim_import.failed')} {job.failure_reason ?? ''}
        </Alert>
      ) : null}
      {job.rows_rejected > 0 && !IMPORT_RUNNING.has(job.status) ? (
        <Box>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onDownloadErrors}>
            {translate('app.psim_import.download_errors')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
