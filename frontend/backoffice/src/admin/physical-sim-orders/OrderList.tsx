import { Stack } from '@mui/material';
import { APPROVAL_STATUSES } from '@esim/contracts';
import { DataTable, List, SelectInput, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { ApprovalStatusChip } from './ApprovalStatusChip';
import { OrderDecision } from './OrderDecision';
import { dealerOf } from './orderText';

/** Dealers' Plus orders, the pending ones first (the default filter), oldest first: the order they were placed in. */
export default function OrderList() {
  const translate = useTranslate();
  return (
    <List
      title={translate('app.menu.admin_physical_sim_orders')}
      filters={[
        <SelectInput key="status" source="status" label="app.psim_approvals.status" alwaysOn choices={APPROVAL_STATUSES.map((s) => ({ id: s, name: translate(`app.physical_sim.statuses.${s}`) }))} />,
      ]}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={false}
      empty={<EmptyState title="app.psim_approvals.orders_empty" hint="app.psim_approvals.orders_empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            linkType="show"
            primaryText={(r: RaRecord) => `${r.order_number} · ${dealerOf(r, translate)}`}
            secondaryText={(r: RaRecord) => (
              <>
                {`${r.quantity} × ${r.package_name} · ${formatDate(r.created_at)}`}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <ApprovalStatusChip status={r.status} />
                  <OrderDecision record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatCents(r.total_cents)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="order_number" label="app.psim_approvals.order_number" disableSort />
          <DataTable.Col label="app.psim_approvals.dealer" disableSort render={(r: RaRecord) => dealerOf(r, translate)} />
          <DataTable.Col source="package_name" label="app.physical_sim.package" disableSort />
          <DataTable.Col source="quantity" label="app.physical_sim.quantity" align="right" disableSort />
          <DataTable.Col label="app.physical_sim.total" align="right" disableSort render={(r: RaRecord) => formatCents(r.total_cents)} />
          <DataTable.Col source="created_at" label="app.psim_approvals.created_at" disableSort render={(r: RaRecord) => formatDate(r.created_at)} />
          <DataTable.Col source="status" label="app.psim_approvals.status" disableSort render={(r: RaRecord) => <ApprovalStatusChip status={r.status} />} />
          <DataTable.Col label="app.psim_approvals.actions" disableSort render={(r: RaRecord) => <OrderDecision record={r} />} />
        </DataTable>
      </PhoneOr>
    </List>
  );
}
