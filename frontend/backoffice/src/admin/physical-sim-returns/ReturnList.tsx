import { Stack } from '@mui/material';
import { APPROVAL_STATUSES } from '@esim/contracts';
import { DataTable, List, SelectInput, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { ApprovalStatusChip } from '../physical-sim-orders/ApprovalStatusChip';
import { dealerOf } from '../physical-sim-orders/orderText';
import { ReturnDecision } from './ReturnDecision';

/** Dealers' card returns, the pending ones first (the default filter), oldest first. */
export default function ReturnList() {
  const translate = useTranslate();
  return (
    <List
      title={translate('app.menu.admin_physical_sim_returns')}
      filters={[
        <SelectInput key="status" source="status" label="app.psim_approvals.status" alwaysOn choices={APPROVAL_STATUSES.map((s) => ({ id: s, name: translate(`app.physical_sim.statuses.${s}`) }))} />,
      ]}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={false}
      empty={<EmptyState title="app.psim_approvals.returns_empty" hint="app.psim_approvals.returns_empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            linkType="show"
            primaryText={(r: RaRecord) => dealerOf(r, translate)}
            secondaryText={(r: RaRecord) => (
              <>
                {`${translate('app.psim_approvals.card_count', { smart_count: r.card_ids.length })} · ${formatDate(r.created_at)}`}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <ApprovalStatusChip status={r.status} />
                  <ReturnDecision record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatCents(r.refund_cents)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col label="app.psim_approvals.dealer" disableSort render={(r: RaRecord) => dealerOf(r, translate)} />
          <DataTable.Col label="app.psim_approvals.cards_column" align="right" disableSort render={(r: RaRecord) => r.card_ids.length} />
          <DataTable.Col source="reason" label="app.psim_approvals.return_reason" disableSort />
          <DataTable.Col label="app.physical_sim.refund" align="right" disableSort render={(r: RaRecord) => formatCents(r.refund_cents)} />
          <DataTable.Col source="created_at" label="app.psim_approvals.requested_at" disableSort render={(r: RaRecord) => formatDate(r.created_at)} />
          <DataTable.Col source="status" label="app.psim_approvals.status" disableSort render={(r: RaRecord) => <ApprovalStatusChip status={r.status} />} />
          <DataTable.Col label="app.psim_approvals.actions" disableSort render={(r: RaRecord) => <ReturnDecision record={r} />} />
        </DataTable>
      </PhoneOr>
    </List>
  );
}
