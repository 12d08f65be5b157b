import type { AccountName } from '@esim/contracts';
import type { RaRecord } from 'react-admin';
import type { CsvColumn } from '../../layout/csvExporter';
import { accountColumns, joinByIds, wordColumn } from '../../layout/csvColumns';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** The eSIM service knows buyers only by account id: their names and e-mails come from the balance service's copy of people. */
export const withBuyerNames = (rows: RaRecord[], dataProvider: BackOfficeDataProvider) =>
  joinByIds<AccountName>(rows, (path, query) => dataProvider.read(path, query), {
    path: 'admin/accounts/names',
    idOf: (r) => String(r.user_id ?? ''),
    keyOf: (row) => row.id,
    join: (row) => ({ user_name: row.name, user_email: row.email }),
  });

/** An eSIM order by its number, the buyer by name, the package, the money and when. */
export const esimOrderExportColumns: CsvColumn[] = [
  { label: 'app.orders.order_number', value: (r) => r.order_number },
  ...accountColumns('app.export.customer'),
  { label: 'app.orders.package', value: (r) => r.package?.title ?? r.package?.name ?? '' },
  { label: 'app.orders.quantity', value: (r) => r.quantity },
  {
    label: 'app.orders.total',
    value: (r, csv) => csv.money(typeof r.total === 'number' ? Math.round(r.total * 100) : null),
  },
  wordColumn(
    'app.orders.status',
    (s) => `app.orders.statuses.${s}`,
    (r) => (r.status === 'processing' ? 'pending' : r.status),
  ),
  { label: 'app.export.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
];
