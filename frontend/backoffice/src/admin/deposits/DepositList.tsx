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
import { depositExportColumns } from './exportColumns';
import { DepositDecision } from './DepositDecision';

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected', 'expired'] as const;
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

/** The selected deposits confirmed or rejected at once; a big one is refused in the bulk (it takes its amount typed again). */
function DepositBulkActions() {
  return (
    <BulkDecisionButtons
      path="admin/deposits"
      approveAction="bulk-confirm"
      amountOf={(r) => r.amount_cents}
      labelOf={(r) => r.reference_code}
      approveExcluded={(r) => r.amount_retype_required}
    />
  );
}

/**
 * Deposits awaiting confirmation first (the default filter); confirmed and rejected ones are the history.
 * The reconciliation finds one by the reference code on the bank statement or by the customer.
 */
export default function DepositList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.reconciliation.reference_search')} />,
    <TextInput key="customer" source="customer" label="app.reconciliation.customer" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="app.admin_deposits.status"
      alwaysOn
      choices={DEPOSIT_STATUSES.map((status) => ({ id: status, name: translate(`app.balance.statuses.${status}`) }))}
    />,
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_deposits')}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<ExportActions columns={depositExportColumns} />}
      empty={<EmptyState title="app.admin_deposits.empty" hint="app.admin_deposits.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => accountNameOf(r, translate('app.admin_deposits.unknown_user'))}
            secondaryText={(r: RaRecord) => (
              <>
                {[r.reference_code, formatDate(r.created_at), r.status === 'rejected' ? r.reason : null]
                  .filter(Boolean)
                  .join(' · ')}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <StatusChip status={r.status} />
                  <DepositDecision record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatCents(r.amount_cents)}
          />
        }
      >
        <DataTable bulkActionButtons={<DepositBulkActions />} rowClick={false}>
          <DataTable.Col source="reference_code" label="app.balance.reference_code" disableSort />
          <AccountCol label="app.admin_deposits.user" />
          <MoneyCol source="amount" label="app.balance.amount" cents={(r) => r.amount_cents} />
          <DateCol source="created_at" label="app.admin_deposits.created_at" />
          <DataTable.Col
            source="status"
            label="app.admin_deposits.status"
            render={(r: RaRecord) => <StatusChip status={r.status} />}
          />
          <DateCol label="app.admin_deposits.decided_at" date={(r) => r.decided_at} />
          <DataTable.Col
            source="reason"
            label="app.admin_deposits.reason"
            disableSort
            render={(r: RaRecord) => r.reason ?? ''}
          />
          <DataTable.Col
            label="app.admin_deposits.actions"
            disableSort
            render={(r: RaRecord) => <DepositDecision record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
