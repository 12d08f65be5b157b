import type { RaRecord } from 'react-admin';
import { formatCents } from '../../format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The dealer as the admin reads them: the company or name the service knows, else the account id. */
export const dealerOf = (record: RaRecord, translate: Translate) =>
  record.dealer_name || `${translate('app.psim_approvals.unknown_dealer')} (${String(record.user_id).slice(0, 8)})`;

/** One line naming an order: who, how many of what, for how much, and whether its amount is held (an invoiced order holds none). */
export const orderSummary = (record: RaRecord, translate: Translate) =>
  translate(record.hold_id ? 'app.psim_approvals.order_summary' : 'app.psim_approvals.order_summary_invoice', {
    number: record.order_number,
    dealer: dealerOf(record, translate),
    quantity: record.quantity,
    name: record.package_name,
    total: formatCents(record.total_cents),
  });
