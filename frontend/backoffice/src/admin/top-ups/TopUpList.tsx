import { Chip, Stack } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput, TextInput } from '../../layout/filterInputs';
import { formatCents, formatDate } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { AccountCol, DateCol, MoneyCol } from '../../layout/columns';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { BulkDecisionButtons } from '../../layout/BulkDecisionButtons';
import { ExportActions } from '../../layout/ExportActions';
import { topUpExportColumns } from './exportColumns';
import { TopUpDecision } from './TopUpDecision';

export const TOP_UP_STATUSES = ['pending', 'confirmed', 'rejected', 'expired'] as const;
const STATUS_COLORS: Record<string, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'default',
  expired: 'default',
};

function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      label={translate(`app.balance.statuses.${status}`, { _: status })}
    />
  );
}

/** The selected top-ups confirmed or rejected at once; a big one is refused in the bulk (it takes its amount typed again). */
function TopUpBulkActions() {
  return (
    <BulkDecisionButtons
      path="admin/top-ups"
      approveAction="bulk-confirm"
      amountOf={(r) => r.amount_cents}
      labelOf={(r) => r.reference_code}
      approveExcluded={(r) => r.amount_retype_required}
    />
  );
}

/**
 * Top-ups awaiting confirmation first (the default filter); confirmed and rejected ones are the history.
 * The reconciliation finds one by the reference code on the bank statement or by the customer.
 */
export default function TopUpList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.reconciliation.reference_search')} />,
    <TextInput key="customer" source="customer" label="app.reconciliation.customer" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="app.admin_top_ups.status"
      alwaysOn
      choices={TOP_UP_STATUSES.map((status) => ({ id: status, name: translate(`app.balance.statuses.${status}`) }))}
    />,
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_top_ups')}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<ExportActions columns={topUpExportColumns} />}
      empty={<EmptyState title="app.admin_top_ups.empty" hint="app.admin_top_ups.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => accountNameOf(r, translate('app.admin_top_ups.unknown_user'))}
            secondaryText={(r: RaRecord) => (
              <>
                {[r.reference_code, formatDate(r.created_at), r.status === 'rejected' ? r.reason : null]
                  .filter(Boolean)
                  .join(' · ')}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <StatusChip status={r.status} />
                  <TopUpDecision record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatCents(r.amount_cents)}
          />
        }
      >
        <DataTable bulkActionButtons={<TopUpBulkActions />} rowClick={false}>
          <DataTable.Col source="reference_code" label="app.balance.reference_code" disableSort />
          <AccountCol label="app.admin_top_ups.user" />
          <MoneyCol source="amount" label="app.balance.amount" cents={(r) => r.amount_cents} />
          <DateCol source="created_at" label="app.admin_top_ups.created_at" />
          <DataTable.Col
            source="status"
            label="app.admin_top_ups.status"
            render={(r: RaRecord) => <StatusChip status={r.status} />}
          />
          <DateCol label="app.admin_top_ups.decided_at" date={(r) => r.decided_at} />
          <DataTable.Col
            source="reason"
            label="app.admin_top_ups.reason"
            disableSort
            render={(r: RaRecord) => r.reason ?? ''}
          />
          <DataTable.Col
            label="app.admin_top_ups.actions"
            disableSort
            render={(r: RaRecord) => <TopUpDecision record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
