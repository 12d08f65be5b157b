import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { DateCol, MoneyCol } from '../../layout/columns';
import { ApprovalList, DealerCol } from '../physical-sim-orders/ApprovalList';
import { dealerOf } from '../physical-sim-orders/orderText';
import { returnExportColumns } from './exportColumns';
import { ReturnDecision } from './ReturnDecision';

/** Dealers' card returns, the pending ones first, oldest first. */
export default function ReturnList() {
  const translate = useTranslate();
  return (
    <ApprovalList
      title="app.menu.admin_physical_sim_returns"
      empty={{ title: 'app.psim_approvals.returns_empty', hint: 'app.psim_approvals.returns_empty_hint' }}
      decision={ReturnDecision}
      bulk={{
        path: 'admin/physical-sim/returns',
        amountOf: (r) => r.refund_cents,
        labelOf: (r) =>
          `${dealerOf(r, translate)} · ${translate('app.psim_approvals.card_count', { smart_count: r.card_ids.length })} · ${formatDate(r.created_at)}`,
      }}
      exportColumns={returnExportColumns}
      phone={{
        primaryText: (r) => dealerOf(r, translate),
        secondaryText: (r) =>
          `${translate('app.psim_approvals.card_count', { smart_count: r.card_ids.length })} · ${formatDate(r.created_at)}`,
        tertiaryText: (r) => formatCents(r.refund_cents),
      }}
      columns={[
        <DealerCol key="dealer" />,
        <DataTable.Col
          key="cards"
          label="app.psim_approvals.cards_column"
          align="right"
          disableSort
          render={(r: RaRecord) => r.card_ids.length}
        />,
        <DataTable.Col key="reason" source="reason" label="app.psim_approvals.return_reason" disableSort />,
        <MoneyCol key="refund" label="app.physical_sim.refund" cents={(r) => r.refund_cents} />,
        <DateCol key="created_at" source="created_at" label="app.psim_approvals.requested_at" disableSort />,
      ]}
    />
  );
}
