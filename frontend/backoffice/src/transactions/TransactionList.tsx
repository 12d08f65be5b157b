import { Chip } from '@mui/material';
import { DataTable, FunctionField, SimpleList, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SelectInput } from '../layout/filterInputs';
import { EmptyState } from '../layout/EmptyState';
import { csvExporter } from '../layout/csvExporter';
import { ExportAllButton } from '../layout/ExportAllButton';
import { PhoneOr } from '../layout/PhoneList';
import { formatDate, formatEuro } from '../format';
import { dateRangeFilters } from '../layout/dateRangeFilters';

export const TRANSACTION_TYPES = [
  'top_up',
  'card_top_up',
  'card_refund',
  'credit_load',
  'cash_load',
  'cash_payment',
  'dealer_collection',
  'cash_handover',
  'purchase',
  'refund',
  'reversal',
] as const;

function useFilters() {
  const translate = useTranslate();
  return [
    ...dateRangeFilters({ alwaysOn: true }),
    <SelectInput
      key="type"
      source="type"
      label="app.transactions.type"
      alwaysOn
      choices={TRANSACTION_TYPES.map((type) => ({ id: type, name: translate(`app.transactions.types.${type}`) }))}
    />,
  ];
}

/** A movement's amount, signed, credits in green. */
function Amount({ record }: { record: RaRecord }) {
  return (
    <span
      style={{ color: record.amount >= 0 ? 'var(--mui-palette-success-main, #2e7d32)' : undefined, fontWeight: 500 }}
    >
      {record.amount > 0 ? '+' : ''}
      {formatEuro(record.amount)}
    </span>
  );
}

const Actions = () => (
  <TopToolbar>
    <ExportAllButton maxResults={5000} />
  </TopToolbar>
);

/** The caller's balance movements; every filter, sort and page is answered by the balance service. CSV export of the filtered list. */
export default function TransactionList() {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate('app.menu.transactions')}
      filters={useFilters()}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      exporter={csvExporter}
      empty={
        <EmptyState
          title="app.transactions.empty"
          hint="app.transactions.empty_hint"
          to="/balance"
          action="app.balance.add_title"
        />
      }
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => translate(`app.transactions.types.${r.type}`)}
            secondaryText={(r: RaRecord) => [formatDate(r.created_at), r.reference].filter(Boolean).join(' · ')}
            tertiaryText={(r: RaRecord) => <Amount record={r} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="created_at"
            label="app.transactions.date"
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
          <DataTable.Col
            source="type"
            label="app.transactions.type"
            render={(r: RaRecord) => <Chip size="small" label={translate(`app.transactions.types.${r.type}`)} />}
          />
          <DataTable.Col source="reference" label="app.transactions.reference" disableSort />
          <DataTable.Col source="amount" label="app.transactions.amount" align="right">
            <FunctionField render={(r: RaRecord) => <Amount record={r} />} />
          </DataTable.Col>
          <DataTable.Col
            source="balance_after"
            label="app.transactions.balance_after"
            align="right"
            disableSort
            render={(r: RaRecord) => formatEuro(r.balance_after)}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
