import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, TextInput } from '../../layout/filterInputs';
import { formatDate, formatEuro } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { OrderStatusChip, orderStatusFilter } from '../../orders/OrderList';
import { dateRangeFilters } from '../../layout/dateRangeFilters';

/** The buyer as the esim service knows them: the account id (names live in the auth service). */
const buyerOf = (record: RaRecord) => String(record.user_id ?? '').slice(0, 8);

/** Every customer's and dealer's eSIM orders, newest first: search, status, dates and one buyer's account. */
export default function EsimOrderList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.admin_esim_orders.search')}
      sx={{ minWidth: { sm: 300 } }}
    />,
    orderStatusFilter(translate),
    <TextInput key="user_id" source="user_id" label="app.admin_esim_orders.buyer_id" />,
    ...dateRangeFilters(),
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_esim_orders')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_esim_orders.empty" hint="app.admin_esim_orders.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick="show"
            primaryText={(r: RaRecord) => r.package?.name ?? r.order_number}
            secondaryText={(r: RaRecord) => [r.order_number, buyerOf(r), formatDate(r.created_at)].join(' · ')}
            tertiaryText={(r: RaRecord) => formatEuro(r.total)}
            rightIcon={(r: RaRecord) => <OrderStatusChip status={r.status} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="order_number" label="app.orders.order_number" />
          <DataTable.Col
            source="user_id"
            label="app.orders.buyer"
            disableSort
            render={(r: RaRecord) => <code title={r.user_id}>{buyerOf(r)}</code>}
          />
          <DataTable.Col source="package.name" label="app.orders.package" disableSort />
          <DataTable.Col source="quantity" label="app.orders.quantity" align="right" />
          <DataTable.Col
            source="total"
            label="app.orders.total"
            align="right"
            render={(r: RaRecord) => formatEuro(r.total)}
          />
          <DataTable.Col
            source="status"
            label="app.orders.status"
            disableSort
            render={(r: RaRecord) => <OrderStatusChip status={r.status} />}
          />
          <DataTable.Col
            source="created_at"
            label="app.orders.created_at"
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
