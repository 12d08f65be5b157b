import type { CsvColumn } from '../../layout/csvExporter';
import { accountColumns, wordColumn } from '../../layout/csvColumns';

/** A card payment with who paid, what it was for, what the provider charged and what went back to the card. */
export const paymentExportColumns: CsvColumn[] = [
  { label: 'app.admin_payments.created_at', value: (r, csv) => csv.dateTime(r.created_at) },
  ...accountColumns('app.admin_payments.user'),
  wordColumn(
    'app.card_payments.purpose',
    (s) => `app.card_payments.purposes.${s}`,
    (r) => r.purpose,
  ),
  { label: 'app.balance.amount', value: (r, csv) => csv.money(r.amount_cents) },
  { label: 'app.export.charged', value: (r, csv) => csv.money(r.paid_cents) },
  { label: 'app.export.refunded', value: (r, csv) => csv.money(r.refunded_cents) },
  wordColumn('app.admin_payments.status', (s) => `app.card_payments.statuses.${s}`),
  wordColumn(
    'app.admin_payments.provider',
    (s) => `app.admin_payments.providers.${s}`,
    (r) => r.provider,
  ),
  { label: 'app.admin_payments.reference', value: (r) => r.provider_payment_id },
  { label: 'app.export.failure', value: (r) => r.failure_message },
  { label: 'app.admin_payments.decided_at', value: (r, csv) => csv.dateTime(r.refunded_at ?? r.decided_at) },
];
