import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, fetchRelatedRecords, useDataProvider, useListContext, useNotify, type RaRecord } from 'react-admin';
import { csvExporter } from './csvExporter';

/** The most rows a service answers in one page (contracts' MAX_PAGE_SIZE). */
const PAGE = 100;

/**
 * CSV export of the whole filtered list. react-admin's ExportButton asks for every row in one
 * page, which the services cap at 100; this reads the list page by page (the same filters and
 * sort), up to `maxResults`, with a spinner meanwhile, then hands the rows to the shared CSV exporter.
 */
export function ExportAllButton({ maxResults = 5000 }: { maxResults?: number }) {
  const { filterValues, filter, resource, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const exportAll = async () => {
    setBusy(true);
    try {
      const rows: RaRecord[] = [];
      for (let page = 1; rows.length < maxResults; page++) {
        const { data, total: all } = await dataProvider.getList(resource, {
          sort,
          filter: { ...filterValues, ...filter },
          pagination: { page, perPage: PAGE },
        });
        rows.push(...data);
        if (data.length < PAGE || rows.length >= (all ?? 0)) break;
      }
      // Always the shared exporter: a list that forgot to set it would otherwise get react-admin's, which leaves formulas live.
      await csvExporter(rows.slice(0, maxResults), fetchRelatedRecords(dataProvider), dataProvider, resource);
    } catch {
      notify('ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="ra.action.export" onClick={exportAll} disabled={busy || total === 0}>
      {busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
    </Button>
  );
}
