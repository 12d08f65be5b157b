import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  downloadCSV,
  fetchRelatedRecords,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { columnsCsv, csvExporter, type CsvColumn } from './csvExporter';

/** The most rows a service answers in one page (contracts' MAX_PAGE_SIZE). */
const PAGE = 100;

/**
 * CSV export of the whole filtered list. react-admin's ExportButton asks for every row in one
 * page, which the services cap at 100; this reads the list page by page (the same filters and
 * sort), up to `maxResults`, with a spinner meanwhile, then writes the list's `columns` in the
 * admin's language for their Excel (the shared CSV exporter's raw fields for a list without columns).
 */
export function ExportAllButton({
  maxResults = 5000,
  columns,
  enrich,
}: {
  maxResults?: number;
  columns?: readonly CsvColumn[];
  /** What the columns need that another service holds (names, money figures), joined onto the rows read. */
  enrich?: (rows: RaRecord[], dataProvider: BackOfficeDataProvider) => Promise<RaRecord[]>;
}) {
  const { filterValues, filter, resource, sort, total } = useListContext();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [locale] = useLocaleState();
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
      const read = rows.slice(0, maxResults);
      const found = enrich ? await enrich(read, dataProvider) : read;
      const name = resource.replace(/\//g, '-');
      // Always the shared exporter: a list that forgot to set it would otherwise get react-admin's, which leaves formulas live.
      if (columns) downloadCSV(columnsCsv(found, columns, translate, locale), name);
      else await csvExporter(found, fetchRelatedRecords(dataProvider), dataProvider, resource);
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
