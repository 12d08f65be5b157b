import { Show, useRecordContext, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { ApprovalDetails } from '../physical-sim-orders/ApprovalDetails';
import { CardsTable } from '../physical-sim-orders/CardsTable';
import { dealerOf } from '../physical-sim-orders/orderText';
import { ReturnDecision } from './ReturnDecision';

function ReturnDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <ApprovalDetails
      heading={translate('app.psim_approvals.return_title', { dealer: dealerOf(record, translate) })}
      status={record.status}
      decision={<ReturnDecision record={record} />}
      rows={[
        ['app.psim_approvals.dealer', dealerOf(record, translate)],
        ['app.psim_approvals.return_reason', record.reason],
        ['app.physical_sim.refund', formatCents(record.refund_cents)],
        ['app.psim_approvals.requested_at', formatDate(record.created_at)],
        ['app.psim_approvals.decided_at', record.decided_at ? formatDate(record.decided_at) : null],
        [
          'app.psim_approvals.auto_approved',
          record.auto_approved ? translate('app.psim_approvals.yes') : translate('app.psim_approvals.no'),
        ],
        ['app.psim_approvals.rejection_reason', record.rejection_reason],
      ]}
      cardCount={record.cards.length}
      cards={<CardsTable cards={record.cards} empty="app.psim_approvals.no_cards_yet" />}
    />
  );
}

/** One return: the dealer, why, the cards and the refund; the decision while it is pending. */
export default function ReturnShow() {
  const translate = useTranslate();
  return (
    <Show title={translate('app.menu.admin_physical_sim_returns')} actions={false} component="div">
      <ReturnDetails />
    </Show>
  );
}
