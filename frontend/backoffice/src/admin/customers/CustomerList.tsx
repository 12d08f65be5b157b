import type { CustomerBalance } from '@esim/contracts';
import { DataTable, SimpleList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { accountFilters, AccountStatusChip } from '../../layout/accountStatus';
import { DateCol, MoneyCol } from '../../layout/columns';
import { EmptyState } from '../../layout/EmptyState';
import { ListPage } from '../../layout/ListPage';
import { PhoneOr } from '../../layout/PhoneList';
import { useFiguresByIds } from '../../providers/figuresByIds';

export const CUSTOMER_SEARCH = { searchPlaceholder: 'app.admin_customers.search', allText: 'app.admin_dealers.all' };

/** The page's customers with their balance from the balance service (one call per page). */
function CustomerTable() {
  const { data } = useListContext();
  const { data: balances } = useFiguresByIds<CustomerBalance>({
    key: ['admin', 'customer-balances'],
    path: 'admin/customers/balances',
    idOf: (row) => row.user_id,
    ids: (data ?? []).map((r) => String(r.id)),
  });
  const balanceOf = (r: RaRecord) => balances?.get(String(r.id))?.balance_cents;
  return (
    <PhoneOr
      phone={
        <SimpleList
          rowClick="show"
          primaryText={(r: RaRecord) => r.full_name}
          secondaryText={(r: RaRecord) => `${r.email} · ${formatDate(r.created_at)}`}
          tertiaryText={(r: RaRecord) => formatCents(balanceOf(r))}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="full_name" label="app.sm.full_name" />
        <DataTable.Col source="email" label="app.sm.email" />
        <DataTable.Col source="phone" label="app.sm.phone" disableSort render={(r: RaRecord) => r.phone ?? '—'} />
        <DataTable.Col
          source="status"
          label="app.sm.status"
          render={(r: RaRecord) => <AccountStatusChip status={r.status} />}
        />
        <DateCol source="created_at" label="app.admin_customers.registered" />
        <MoneyCol label="app.admin_customers.balance" cents={balanceOf} />
      </DataTable>
    </PhoneOr>
  );
}

/** Every retail customer (searched, filtered and paged by the auth service), newest first, with their balance; a row opens the customer. */
export default function CustomerList() {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate('app.admin_customers.title')}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      filters={accountFilters(translate, CUSTOMER_SEARCH)}
      empty={<EmptyState title="app.admin_customers.empty" hint="app.admin_customers.empty_hint" />}
    >
      <CustomerTable />
    </ListPage>
  );
}
