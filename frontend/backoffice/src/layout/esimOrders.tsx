import type { AccountName } from '@esim/contracts';
import { Chip, Stack, Typography } from '@mui/material';
import { DataTable, SimpleList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { formatDate, formatEuro } from '../format';
import { useFiguresByIds } from '../providers/figuresByIds';
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

/** The buyers of the orders on screen by account id (the esim service keeps ids; the balance service's copy of people names them), one call per page. */
function useBuyers() {
  const { data } = useListContext();
  const { data: names } = useFiguresByIds<AccountName>({
    key: ['admin', 'account-names'],
    path: 'admin/accounts/names',
    idOf: (row) => row.id,
    ids: [...new Set((data ?? []).map((r) => String(r.user_id ?? '')).filter(Boolean))],
  });
  return (record: RaRecord) => names?.get(String(record.user_id ?? ''));
}

/** The buyer's name, else the start of their account id while names load or for a person nobody knows. */
const buyerName = (record: RaRecord, buyer: AccountName | undefined) =>
  buyer?.name ?? buyer?.email ?? String(record.user_id ?? '').slice(0, 8);

function Buyer({ record, buyer }: { record: RaRecord; buyer: AccountName | undefined }) {
  return (
    <Stack sx={{ minWidth: 0 }} title={record.user_id}>
      <span>{buyerName(record, buyer)}</span>
      {buyer?.name && buyer.email ? (
        <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {buyer.email}
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * The rows of a list of eSIM orders (a table, or a simple list on a phone), opening an order on click;
 * `showBuyer` adds the buyer's name and e-mail, for the admin's lists that hold many buyers' orders.
 */
export function EsimOrderRows({ showBuyer }: { showBuyer: boolean }) {
  return showBuyer ? <RowsWithBuyers /> : <OrderRows />;
}

function RowsWithBuyers() {
  return <OrderRows buyerOf={useBuyers()} />;
}

function OrderRows({ buyerOf }: { buyerOf?: (record: RaRecord) => AccountName | undefined }) {
  return (
    <PhoneOr
      phone={
        <SimpleList
          rowClick="show"
          primaryText={(r: RaRecord) => r.package?.title ?? r.package?.name ?? r.order_number}
          secondaryText={(r: RaRecord) =>
            [r.order_number, buyerOf ? buyerName(r, buyerOf(r)) : null, formatDate(r.created_at)]
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
        {buyerOf ? (
          <DataTable.Col
            source="user_id"
            label="app.orders.buyer"
            disableSort
            render={(r: RaRecord) => <Buyer record={r} buyer={buyerOf(r)} />}
          />
        ) : null}
        <DataTable.Col source="package.title" label="app.orders.package" disableSort />
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
