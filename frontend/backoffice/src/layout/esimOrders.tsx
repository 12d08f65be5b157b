import { Chip } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { formatDate, formatEuro } from '../format';
import { SelectInput } from './filterInputs';
import { PhoneOr } from './PhoneList';

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

/** The buyer as the esim service knows them: the account id (names live in the auth service). */
const buyerOf = (record: RaRecord) => String(record.user_id ?? '').slice(0, 8);

/**
 * The rows of a list of eSIM orders (a table, or a simple list on a phone), opening an order on click;
 * `showBuyer` adds the buyer's account id, for lists that hold many buyers' orders.
 */
export function EsimOrderRows({ showBuyer }: { showBuyer: boolean }) {
  return (
    <PhoneOr
      phone={
        <SimpleList
          rowClick="show"
          primaryText={(r: RaRecord) => r.package?.name ?? r.order_number}
          secondaryText={(r: RaRecord) =>
            [r.order_number, showBuyer ? buyerOf(r) : null, formatDate(r.created_at)].filter(Boolean).join(' · ')
          }
          tertiaryText={(r: RaRecord) => formatEuro(r.total)}
          rightIcon={(r: RaRecord) => <OrderStatusChip status={r.status} />}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="order_number" label="app.orders.order_number" />
        {showBuyer ? (
          <DataTable.Col
            source="user_id"
            label="app.orders.buyer"
            disableSort
            render={(r: RaRecord) => <code title={r.user_id}>{buyerOf(r)}</code>}
          />
        ) : null}
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
  );
}
