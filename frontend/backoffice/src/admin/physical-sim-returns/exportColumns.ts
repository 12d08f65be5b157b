import type { RaRecord } from 'react-admin';
import type { CsvColumn } from '../../layout/csvExporter';
import { wordColumn } from '../../layout/csvColumns';
import { dealerOf } from '../physical-sim-orders/orderText';

const cardsOf = (r: RaRecord): Array<{ iccid: string; serial_number: string }> => r.cards ?? [];

/** A dealer's return: who, which cards (ICCIDs and serials, one cell each), the refund and the decision. */
export const returnExportColumns: CsvColumn[] = [
  { label: 'app.export.dealer', value: (r, csv) => dealerOf(r, csv.translate) },
  { label: 'app.export.card_count', value: (r) => r.card_ids.length },
  {
    label: 'app.export.iccids',
    value: (r) =>
      cardsOf(r)
        .map((c) => c.iccid)
        .join(' '),
  },
  {
    label: 'app.export.serials',
    value: (r) =>
      cardsOf(r)
        .map((c) => c.serial_number)
        .join(' '),
  },
  { label: 'app.psim_approvals.return_reason', value: (r) => r.reason },
  { label: 'app.physical_sim.refund', value: (r, csv) => csv.money(r.refund_cents) },
  { label: 'app.psim_approvals.requested_at', value: (r, csv) => csv.dateTime(r.created_at) },
  wordColumn('app.psim_approvals.status', (s) => `app.physical_sim.statuses.${s}`),
  { label: 'app.export.decided_at', value: (r, csv) => csv.dateTime(r.decided_at) },
  { label: 'app.export.reject_reason', value: (r) => r.rejection_reason },
];
