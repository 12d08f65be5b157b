import type { CsvColumn } from '../../layout/csvExporter';
import { wordColumn } from '../../layout/csvColumns';
import { dealerOf } from './orderText';

/** A dealer's Plus order by its number, the dealer by name, what and how many, the money and the decision. */
export const plusOrderExportColumns: CsvColumn[] = [
  { label: 'app.psim_approvals.order_number', value: (r) => r.order_number },
  { label: 'app.export.dealer', value: (r, csv) => dealerOf(r, csv.translate) },
  { label: 'app.physical_sim.package', value: (r) => r.package_name },
  { label: 'app.physical_sim.quantity', value: (r) => r.quantity },
  { label: 'app.export.unit_price', value: (r, csv) => csv.money(r.unit_price_cents) },
  { label: 'app.physical_sim.total', value: (r, csv) => csv.money(r.total_cents) },
  { label: 'app.psim_approvals.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
  wordColumn('app.psim_approvals.status', (s) => `app.physical_sim.statuses.${s}`),
  { label: 'app.export.decided_at', value: (r, csv) => csv.dateTime(r.decided_at) },
  { label: 'app.export.reject_reason', value: (r) => r.reason },
];
