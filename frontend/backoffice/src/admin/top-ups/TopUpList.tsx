import { Chip, Stack } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SelectInput } from '../../layout/filterInputs';
import { formatCents, formatDate } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { AccountCol, DateCol, MoneyCol } from '../../layout/columns';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { TopUpDecision } from './TopUpDecision';

export const TOP_UP_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
const STATUS_COLORS: Record<string, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'default',
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

/** Top-ups awaiting confirmation first (the default filter); confirmed and rejected ones are the history. */
export default function TopUpList() {
  const translate = useTranslate();
  const filters = [
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
        <DataTable bulkActionButtons={false} rowClick={false}>
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
