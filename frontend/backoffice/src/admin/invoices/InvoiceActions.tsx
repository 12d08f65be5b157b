import DownloadIcon from '@mui/icons-material/GetApp';
import ReplayIcon from '@mui/icons-material/Replay';
import { CircularProgress } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';

/** "Issue again": a failed or pending document is due now; the loop of the auth service issues it. */
export function RetryInvoiceButton({ record }: { record: RaRecord }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record.status === 'issued') return null;
  const retry = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const { message } = await dataProvider.send(
        'POST',
        `admin/invoices/${encodeURIComponent(String(record.id))}/retry`,
      );
      notify(message, { type: 'success' });
      refresh();
    } catch (failure) {
      notify(serviceErrorOf(failure).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="app.admin_invoices.retry" onClick={retry} disabled={busy}>
      {busy ? <CircularProgress size={16} color="inherit" /> : <ReplayIcon />}
    </Button>
  );
}

/** The PDF, fetched from the provider when asked (its links expire), saved under the document's number. */
export function InvoicePdfButton({ record }: { record: RaRecord }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (record.status !== 'issued') return null;
  const download = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      const url = await dataProvider.blobUrl(`admin/invoices/${encodeURIComponent(String(record.id))}/pdf`);
      const link = document.createElement('a');
      link.href = url;
      link.download = `fatura-${record.number}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (failure) {
      notify(serviceErrorOf(failure).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="app.admin_invoices.pdf" onClick={download} disabled={busy}>
      {busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    </Button>
  );
}
