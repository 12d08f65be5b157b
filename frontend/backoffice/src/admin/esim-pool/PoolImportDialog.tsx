import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { csvText } from '@esim/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { downloadCSV, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { FIGURES_KEY } from '../../providers/figures';

export interface PoolImportReport {
  batch_id: string | null;
  imported: number;
  rejected: number;
  errors: Array<{ row: number; field: string; message: string }>;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows of the report shown in the dialog; the download has them all. */
const SHOWN_ERRORS = 50;

/** The file as the esim service takes it: the raw bytes, typed by its name (the service judges the bytes again). */
export const uploadOf = (file: File): Blob =>
  file.name.toLowerCase().endsWith('.xlsx') ? new Blob([file], { type: XLSX }) : new Blob([file], { type: 'text/csv' });

/** The report's refused rows as a CSV the operator can fix the batch from. */
export function errorReportCsv(report: PoolImportReport, header: readonly [string, string, string]): string {
  return csvText([header, ...report.errors.map((error) => [String(error.row), error.field, error.message])]);
}

/** An operator batch (CSV or xlsx) into the pool: what was imported, and each refused row with its reason. */
export function PoolImportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<PoolImportReport | null>(null);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await dataProvider.send<PoolImportReport>(
        'POST',
        `admin/esim/pool/import?file_name=${encodeURIComponent(file.name.slice(0, 200))}`,
        uploadOf(file),
      );
      setReport(data);
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      refresh();
    } catch (err) {
      // A refused file (wrong type, a missing column, too large) in the service's own words.
      setError(serviceErrorOf(err).message);
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    downloadCSV(
      errorReportCsv(report!, [
        translate('app.admin_esim_pool.error_row'),
        translate('app.admin_esim_pool.error_field'),
        translate('app.admin_esim_pool.error_message'),
      ]),
      `esim-pool-errors-${(file?.name ?? 'import').replace(/\.[^.]+$/, '')}`,
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="pool-import-title">
      <DialogTitle id="pool-import-title">{translate('app.admin_esim_pool.import_title')}</DialogTitle>
      <DialogContent>
        {report ? (
          <Stack spacing={2} data-testid="pool-import-report">
            <Alert severity={report.rejected ? 'warning' : 'success'}>
              {translate('app.admin_esim_pool.import_result', { imported: report.imported, rejected: report.rejected })}
            </Alert>
            {report.errors.length ? (
              <>
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('app.admin_esim_pool.error_row')}</TableCell>
                        <TableCell>{translate('app.admin_esim_pool.error_field')}</TableCell>
                        <TableCell>{translate('app.admin_esim_pool.error_message')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {report.errors.slice(0, SHOWN_ERRORS).map((e) => (
                        <TableRow key={`${e.row}:${e.field}`}>
                          <TableCell>{e.row}</TableCell>
                          <TableCell>{e.field}</TableCell>
                          <TableCell>{e.message}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
                {report.errors.length > SHOWN_ERRORS ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.admin_esim_pool.more_errors', { count: report.errors.length - SHOWN_ERRORS })}
                  </Typography>
                ) : null}
                <Box>
                  <Button startIcon={<DownloadIcon />} variant="outlined" onClick={download}>
                    {translate('app.admin_esim_pool.download_errors')}
                  </Button>
                </Box>
              </>
            ) : null}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <DialogContentText>{translate('app.admin_esim_pool.import_body')}</DialogContentText>
            <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
              iccid, smdp_address, matching_id, confirmation_code, package_code, operator
            </Typography>
            <input
              ref={input}
              type="file"
              hidden
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="pool-import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <Box>
              <Button startIcon={<UploadFileIcon />} variant="outlined" onClick={() => input.current?.click()}>
                {translate('app.admin_esim_pool.choose_file')}
              </Button>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {file ? file.name : translate('app.admin_esim_pool.no_file')}
              </Typography>
            </Box>
            {busy ? <LinearProgress /> : null}
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(report ? 'ra.action.close' : 'ra.action.cancel')}</Button>
        {report ? null : (
          <Button variant="contained" onClick={upload} disabled={!file || busy}>
            {translate('app.admin_esim_pool.import')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
