import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { DataTable, SimpleList, TopToolbar, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { AutocompleteInput, ReferenceInput, SelectInput } from '../../layout/filterInputs';
import { formatCents, formatDate, formatEuro } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { ExportLogsButton } from './ExportLogsButton';
import { dateRangeFilters } from '../../layout/dateRangeFilters';
import { salesManagerFilter } from '../sales-managers/salesManagerFilter';

export const COLLECTION_KINDS = ['dealer-to-sales-manager', 'sales-manager-to-company'] as const;

/** Date range (Istanbul days), kind and party: the names the collection-log route takes. */
export function collectionLogFilters(translate: (key: string) => string): ReactElement[] {
  return [
    ...dateRangeFilters({ alwaysOn: true }),
    <SelectInput
      key="kind"
      source="kind"
      label="app.collection_logs.kind"
      alwaysOn
      emptyText="app.admin_dealers.all"
      choices={COLLECTION_KINDS.map((k) => ({ id: k, name: translate(`app.collection_logs.kinds.${k}`) }))}
    />,
    salesManagerFilter(),
    <ReferenceInput
      key="dealer_id"
      source="dealer_id"
      reference="admin/dealers"
      alwaysOn
      sort={{ field: 'company_name', order: 'ASC' }}
    >
      <AutocompleteInput
        label="app.collection.dealer"
        optionText="company_name"
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>,
  ];
}

/**
 * The sums and count of every log the filters match (the service sums all pages, not just this one).
 * Cash a dealer gave a sales manager and the same cash handed to the company are summed apart, never added up.
 */
function Totals() {
  const translate = useTranslate();
  const { meta, total } = useListContext();
  if (meta?.dealer_collections_cents === undefined) return null;
  return (
    <Card variant="outlined" sx={{ mb: 1 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack direction="row" spacing={4} useFlexGap flexWrap="wrap">
          {(
            [
              ['app.collection_logs.dealer_total', meta.dealer_collections_cents, 'logs-dealer-total'],
              ['app.collection_logs.handover_total', meta.handovers_cents, 'logs-handover-total'],
            ] as const
          ).map(([label, cents, testId]) => (
            <div key={label}>
              <Typography variant="body2" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography variant="h6" data-testid={testId}>
                {formatCents(cents)}
              </Typography>
            </div>
          ))}
          <div>
            <Typography variant="body2" color="text.secondary">
              {translate('app.collection_logs.count')}
            </Typography>
            <Typography variant="h6">{total ?? 0}</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

function LogTable() {
  const translate = useTranslate();
  const kind = (r: RaRecord) => translate(`app.collection_logs.kinds.${r.kind}`, { _: r.kind });
  return (
    <>
      <Totals />
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => r.dealer_name ?? r.sales_manager_name}
            secondaryText={(r: RaRecord) => `${formatDate(r.created_at)} · ${kind(r)} · ${r.collected_by_name}`}
            tertiaryText={(r: RaRecord) => formatEuro(r.amount)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="created_at"
            label="app.transactions.date"
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
          <DataTable.Col source="kind" label="app.collection_logs.kind" render={kind} />
          <DataTable.Col
            source="dealer_name"
            label="app.collection.dealer"
            disableSort
            render={(r: RaRecord) => r.dealer_name ?? '—'}
          />
          <DataTable.Col source="sales_manager_name" label="app.admin_dealers.sales_manager" disableSort />
          <DataTable.Col source="collected_by_name" label="app.collection_logs.collected_by" disableSort />
          <DataTable.Col source="note" label="app.collection.note" disableSort render={(r: RaRecord) => r.note ?? ''} />
          <DataTable.Col
            source="amount"
            label="app.transactions.amount"
            align="right"
            render={(r: RaRecord) => formatEuro(r.amount)}
          />
        </DataTable>
      </PhoneOr>
    </>
  );
}

/** Every cash collection (dealer → sales manager, sales manager → company), filtered and paged by the balance service. */
export default function CollectionLogList() {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate('app.collection_logs.title')}
      actions={
        <TopToolbar>
          <ExportLogsButton />
        </TopToolbar>
      }
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      filters={collectionLogFilters(translate)}
      empty={<EmptyState title="app.collection_logs.empty" hint="app.collection_logs.empty_hint" />}
    >
      <LogTable />
    </ListPage>
  );
}
