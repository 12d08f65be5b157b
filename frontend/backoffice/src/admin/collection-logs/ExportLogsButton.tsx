import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { declaredFilter } from '../../providers/dataProvider';
import { resourceDef } from '../../providers/resources';

/** The export route's query for the list's filters (the same names the list sends). */
export function exportQuery(filterValues: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(declaredFilter(resourceDef('admin/collection-logs'), filterValues)))
    search.set(key, String(value));
  return search.toString();
}

/**
 * CSV of every log the filters match, made by the balance service (Turkish headers, Istanbul time,
 * formula-like cells defused), downloaded under the name the service gives it.
 */
export function ExportLogsButton() {
  const { filterValues, total } = useListContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const query = exportQuery(filterValues);
      const url = await dataProvider.blobUrl(`admin/collection-logs/export${query ? `?${query}` : ''}`);
      const link = document.createElement('a');
      link.href = url;
      link.download = `tahsilat-kayitlari-${[filterValues.start_date, filterValues.end_date].filter(Boolean).join('_') || 'tum'}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={download} disabled={busy || total === 0}>
      {busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    </Button>
  );
}
