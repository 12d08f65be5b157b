import { Chip } from '@mui/material';
import { DataTable, SimpleList, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SearchInput, SelectInput } from '../layout/filterInputs';
import { formatDate, formatEuro } from '../format';
import { EmptyState } from '../layout/EmptyState';
import { PhoneOr } from '../layout/PhoneList';
import { dateRangeFilters } from '../layout/dateRangeFilters';

/** Filter choices: pending and processing are shown alike (contracts), so the filter offers the states a user tells apart. */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'refunded', 'partially_refunded'] as const;
const ORDER_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default'> = {
  completed: 'success',
  pending: 'warning',
  processing: 'warning',
  failed: 'error',
  refunded: 'default',
  partially_refunded: 'default',
};

/** The status filter of every list of eSIM orders (the buyer's own, the admin's). */
export const orderStatusFilter = (translate: (key: string) => string) => (
  <SelectInput
    key="status"
    source="status"
    label="app.orders.status"
    alwaysOn
    choices={ORDER_STATUSES.map((s) => ({ id: s, name: translate(`app.orders.statuses.${s}`) }))}
  />
);

export function OrderStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={ORDER_COLORS[status] ?? 'default'}
      label={translate(`app.orders.statuses.${status === 'processing' ? 'pending' : status}`, { _: status })}
    />
  );
}

/** eSIM orders: search, status and date filters, sort and paging all answered by the esim service. */
export default function OrderList() {
  const translate = useTranslate();
  // An admin sees every buyer's orders, so the buyer is a column (the account id: the esim service keeps no names).
  const { permissions: role } = usePermissions<string>();
  const admin = role === 'admin';
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.orders.search')} />,
    orderStatusFilter(translate),
    ...dateRangeFilters(),
  ];
  return (
    <ListPage
      title={translate('app.menu.orders')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={
        <EmptyState title="app.orders.empty" hint="app.orders.empty_hint" href="/" action="app.dashboard.go_shop" />
      }
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick="show"
            primaryText={(r: RaRecord) => r.package?.name ?? r.order_number}
            secondaryText={(r: RaRecord) =>
              [r.order_number, admin ? String(r.user_id).slice(0, 8) : null, formatDate(r.created_at)]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r: RaRecord) => formatEuro(r.total)}
            rightIcon={(r: RaRecord) => <OrderStatusChip status={r.status} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col source="order_number" label="app.orders.order_number" />
          {admin ? (
            <DataTable.Col
              source="user_id"
              label="app.orders.buyer"
              disableSort
              render={(r: RaRecord) => <code title={r.user_id}>{String(r.user_id).slice(0, 8)}</code>}
            />
          ) : null}
          <DataTable.Col source="package.name" label="app.orders.package" disableSort />
          <DataTable.Col source="quantity" label="app.orders.quantity" align="right" disableSort />
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
