import type { CsvColumn } from '../../layout/csvExporter';
import { accountColumns, wordColumn } from '../../layout/csvColumns';

/** A deposit as the reconciliation reads it beside the bank statement: the reference code the customer quoted first. */
export const depositExportColumns: CsvColumn[] = [
  { label: 'app.balance.reference_code', value: (r) => r.reference_code },
  ...accountColumns('app.export.customer'),
  { label: 'app.balance.amount', value: (r, csv) => csv.money(r.amount_cents) },
  { label: 'app.admin_deposits.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
  wordColumn('app.admin_deposits.status', (s) => `app.balance.statuses.${s}`),
  { label: 'app.admin_deposits.decided_at', value: (r, csv) => csv.dateTime(r.decided_at) },
  { label: 'app.admin_deposits.reason', value: (r) => r.reason },
];
