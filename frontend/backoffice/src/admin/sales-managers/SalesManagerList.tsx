import PaymentsIcon from '@mui/icons-material/Payments';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  CreateButton,
  DataTable,
  SimpleList,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { formatCents } from '../../format';
import { accountFilters } from '../../layout/accountStatus';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { CollectDialog } from './CollectDialog';
import { useSalesManagerBalances } from './useSalesManagerBalances';

function CollectButton({ record, heldCents }: { record: RaRecord; heldCents: number | undefined }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<PaymentsIcon />}
        disabled={!heldCents}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('app.sm.collect')}
      </Button>
      {open ? (
        <CollectDialog
          open
          onClose={() => setOpen(false)}
          salesManager={{ id: String(record.id), name: record.full_name }}
          heldCents={heldCents ?? 0}
        />
      ) : null}
    </>
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
          rowClick={false}
          primaryText={(r: RaRecord) => r.full_name}
          secondaryText={(r: RaRecord) => (
            <>
              {[r.email, r.region, translate('app.sm.dealer_count', { smart_count: r.dealer_count ?? 0 })]
                .filter(Boolean)
                .join(' · ')}
              <span style={{ display: 'block' }}>
                <CollectButton record={r} heldCents={held(r)} />
              </span>
            </>
          )}
          tertiaryText={(r: RaRecord) => formatCents(held(r))}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="full_name" label="app.sm.full_name" />
        <DataTable.Col source="email" label="app.sm.email" />
        <DataTable.Col
          source="region"
          label="app.admin_sm.region"
          disableSort
          render={(r: RaRecord) => r.region ?? '—'}
        />
        <DataTable.Col source="dealer_count" label="app.admin_sm.dealers" align="right" disableSort />
        <DataTable.Col
          label="app.sm.cash_held"
          align="right"
          disableSort
          render={(r: RaRecord) => formatCents(held(r))}
        />
        <DataTable.Col
          label="app.sm.outstanding"
          align="right"
          disableSort
          render={(r: RaRecord) => formatCents(balances?.get(String(r.id))?.outstanding_cents)}
        />
        <DataTable.Col
          label="app.sm.actions"
          disableSort
          render={(r: RaRecord) => <CollectButton record={r} heldCents={held(r)} />}
        />
      </DataTable>
    </PhoneOr>
  );
}

/** Every sales manager with the cash they hold and their dealer count; the admin collects the cash here. */
export default function SalesManagerList() {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate('app.admin_sm.title')}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      sort={{ field: 'full_name', order: 'ASC' }}
      perPage={25}
      exporter={false}
      filters={accountFilters(translate, {
        searchPlaceholder: 'app.admin_sm.search',
        allText: 'app.admin_dealers.all',
      })}
      empty={
        <EmptyState
          title="app.admin_sm.empty"
          hint="app.admin_sm.empty_hint"
          to="/admin/sales-managers/create"
          action="app.admin_sm.create"
        />
      }
    >
      <SalesManagerTable />
    </ListPage>
  );
}
