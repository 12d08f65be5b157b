import { useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { ApprovalDecision } from './ApprovalDecision';
import { dealerOf, orderSummary } from './orderText';

/** A Plus order's decision: approving assigns the oldest cards in stock and charges the held amount once (an invoiced order holds nothing). */
export function OrderDecision({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <ApprovalDecision
      kind="orders"
      record={record}
      summary={orderSummary(record, translate)}
      approveBody={translate(
        record.hold_id ? 'app.psim_approvals.approve_body_orders' : 'app.psim_approvals.approve_body_orders_invoice',
        {
          quantity: record.quantity,
          name: record.package_name,
          dealer: dealerOf(record, translate),
          total: formatCents(record.total_cents),
        },
      )}
    />
  );
}
