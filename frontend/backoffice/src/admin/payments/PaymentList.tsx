import { Stack, Typography } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatCents, formatDate } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { AccountCol, DateCol, MoneyCol } from '../../layout/columns';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { PAYMENT_STATUSES, PaymentStatusChip } from './PaymentStatusChip';
import { RefundPaymentButton } from './RefundPaymentButton';
import { dateRangeFilters } from '../../layout/dateRangeFilters';

/** The provider's reference an admin looks up in the provider's panel, and why a payment failed. */
function Reference({ record }: { record: RaRecord }) {
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {record.provider_payment_id ?? '—'}
      </Typography>
      {record.failure_message ? (
        <Typography variant="caption" color="text.secondary">
          {record.failure_message}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** Card payments newest first; status, reference search and dates are answered by the balance service. */
export default function PaymentList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.admin_payments.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="app.admin_payments.status"
      alwaysOn
      choices={PAYMENT_STATUSES.map((status) => ({
        id: status,
        name: translate(`app.admin_payments.statuses.${status}`),
      }))}
    />,
    ...dateRangeFilters(),
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_payments')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_payments.empty" hint="app.admin_payments.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => accountNameOf(r, translate('app.admin_top_ups.unknown_user'))}
            secondaryText={(r: RaRecord) => (
              <>
                {[formatDate(r.created_at), r.provider_payment_id, r.failure_message].filter(Boolean).join(' · ')}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <PaymentStatusChip status={r.status} />
                  <RefundPaymentButton record={r} />
                </Stack>
              </>
            )}
            tertiaryText={(r: RaRecord) => formatCents(r.amount_cents)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DateCol source="created_at" label="app.admin_payments.created_at" />
          <AccountCol label="app.admin_payments.user" />
          <MoneyCol source="amount" label="app.balance.amount" cents={(r) => r.amount_cents} />
          <DataTable.Col
            source="status"
            label="app.admin_payments.status"
            render={(r: RaRecord) => <PaymentStatusChip status={r.status} />}
          />
          <DataTable.Col
            label="app.admin_payments.reference"
            disableSort
            render={(r: RaRecord) => <Reference record={r} />}
          />
          <DataTable.Col
            label="app.admin_payments.provider"
            disableSort
            render={(r: RaRecord) => translate(`app.admin_payments.providers.${r.provider}`, { _: r.provider })}
          />
          <DateCol label="app.admin_payments.decided_at" date={(r) => r.refunded_at ?? r.decided_at} />
          <DataTable.Col
            label="app.admin_top_ups.actions"
            disableSort
            render={(r: RaRecord) => <RefundPaymentButton record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
