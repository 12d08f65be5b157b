import { Box } from '@mui/material';
import { DataTable, SimpleList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { AccountStatusChip } from '../../layout/accountStatus';
import { AccountListPage } from '../../layout/AccountListPage';
import { MoneyCol } from '../../layout/columns';
import { PhoneOr } from '../../layout/PhoneList';
import { StatusToggle } from '../dealers/StatusToggle';
import { CollectButton } from './CollectButton';
import { useSalesManagerBalances } from './useSalesManagerBalances';

function RowActions({ record, heldCents }: { record: RaRecord; heldCents: number | undefined }) {
  return (
    // Buttons inside a clickable row must not open the show page too.
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <CollectButton record={record} heldCents={heldCents} />
      <StatusToggle record={record} resource="admin/sales-managers" />
    </Box>
  );
}

/** The page's sales managers joined with their cash figures from the balance service (one call per page). */
function SalesManagerTable() {
  const translate = useTranslate();
  const { data } = useListContext();
  const { data: balances } = useSalesManagerBalances((data ?? []).map((r) => String(r.id)));
  const held = (r: RaRecord) => balances?.get(String(r.id))?.cash_held_cents;
  return (
    <PhoneOr
      phone={
        <SimpleList
          rowClick="show"
          primaryText={(r: RaRecord) => r.full_name}
          secondaryText={(r: RaRecord) => (
            <>
              {[r.email, r.region, translate('app.sm.dealer_count', { smart_count: r.dealer_count ?? 0 })]
                .filter(Boolean)
                .join(' · ')}
              <span style={{ display: 'block' }}>
                <RowActions record={r} heldCents={held(r)} />
              </span>
            </>
          )}
          tertiaryText={(r: RaRecord) => formatCents(held(r))}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="full_name" label="app.sm.full_name" />
        <DataTable.Col source="email" label="app.sm.email" />
        <DataTable.Col
          source="status"
          label="app.sm.status"
          render={(r: RaRecord) => <AccountStatusChip status={r.status} />}
        />
        <DataTable.Col
          source="region"
          label="app.admin_sm.region"
          disableSort
          render={(r: RaRecord) => r.region ?? '—'}
        />
        <DataTable.Col source="dealer_count" label="app.admin_sm.dealers" align="right" disableSort />
        <MoneyCol label="app.sm.cash_held" cents={held} />
        <MoneyCol label="app.sm.outstanding" cents={(r) => balances?.get(String(r.id))?.outstanding_cents} />
        <DataTable.Col
          label="app.sm.actions"
          disableSort
          render={(r: RaRecord) => <RowActions record={r} heldCents={held(r)} />}
        />
      </DataTable>
    </PhoneOr>
  );
}

/** Every sales manager with the cash they hold and their dealer count; the admin collects the cash here. */
export default function SalesManagerList() {
  return (
    <AccountListPage
      title="app.admin_sm.title"
      searchPlaceholder="app.admin_sm.search"
      allText="app.admin_dealers.all"
      sortField="full_name"
      empty={{
        title: 'app.admin_sm.empty',
        hint: 'app.admin_sm.empty_hint',
        createTo: '/admin/sales-managers/create',
        createLabel: 'app.admin_sm.create',
      }}
    >
      <SalesManagerTable />
    </AccountListPage>
  );
}
