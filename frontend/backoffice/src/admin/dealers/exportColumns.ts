import type { DealerBalance } from '@esim/contracts';
import type { RaRecord } from 'react-admin';
import type { CsvColumn } from '../../layout/csvExporter';
import { joinByIds, wordColumn } from '../../layout/csvColumns';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** The dealers' money lives in the balance service: their figures joined on, a page of dealers at a time. */
export const withDealerFigures = (rows: RaRecord[], dataProvider: BackOfficeDataProvider) =>
  joinByIds<DealerBalance>(rows, (path, query) => dataProvider.read(path, query), {
    path: 'admin/dealers/balances',
    idOf: (r) => String(r.id),
    keyOf: (row) => row.dealer_id,
    join: (row) => ({ figures: row }),
  });

/** A dealer by company and name, their contact, sales manager, status and money. */
export const dealerExportColumns: CsvColumn[] = [
  { label: 'app.sm.company_name', value: (r) => r.company_name },
  { label: 'app.sm.full_name', value: (r) => r.full_name },
  { label: 'app.export.email', value: (r) => r.email },
  { label: 'app.export.phone', value: (r) => r.phone },
  { label: 'app.admin_dealers.sales_manager', value: (r) => r.sales_manager_name },
  wordColumn('app.sm.status', (s) => `app.sm.statuses.${s}`),
  { label: 'app.admin_dealers.balance', value: (r, csv) => csv.money(r.figures?.balance_cents) },
  { label: 'app.admin_dealers.credit_limit', value: (r, csv) => csv.money(r.figures?.credit_limit_cents) },
  { label: 'app.admin_dealers.owed', value: (r, csv) => csv.money(r.figures?.owed_cents) },
  { label: 'app.export.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
];
