import { useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { ApprovalDecision } from '../physical-sim-orders/ApprovalDecision';
import { dealerOf } from '../physical-sim-orders/orderText';

/** One line naming a return: who sends back how many cards, for how much. */
export const returnSummary = (
  record: RaRecord,
  translate: (key: string, options?: Record<string, unknown>) => string,
) =>
  translate('app.psim_approvals.return_summary', {
    dealer: dealerOf(record, translate),
    smart_count: record.card_ids.length,
    refund: formatCents(record.refund_cents),
  });

/** A return's decision: approving puts the cards back in admin stock and refunds what they were bought for, once. */
export function ReturnDecision({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <ApprovalDecision
      kind="returns"
      record={record}
      summary={returnSummary(record, translate)}
      approveBody={translate('app.psim_approvals.approve_body_returns', {
        smart_count: record.card_ids.length,
        dealer: dealerOf(record, translate),
        refund: formatCents(record.refund_cents),
      })}
    />
  );
}
