import { Box, Stack, Typography } from '@mui/material';
import { DataTable, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatCents, formatDate } from '../../format';
import { AccountName } from '../../layout/AccountName';
import { CardRefundLines, PAYMENT_STATUSES, PaymentStatusChip, type PaymentRecord } from '../../layout/cardPayments';
import { AccountCol, DateCol } from '../../layout/columns';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { FailedRefundActions, RefundPaymentButton } from './RefundPaymentButton';
import { dateRangeFilters } from '../../layout/dateRangeFilters';
import { ExportActions } from '../../layout/ExportActions';
import { paymentExportColumns } from './exportColumns';

/** The provider's reference an admin looks up in the provider's panel, the provider, and why a payment failed. */
function Reference({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {record.provider_payment_id ?? '—'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(`app.admin_payments.providers.${record.provider}`, { _: record.provider })}
      </Typography>
      {record.failure_message ? (
        <Typography variant="caption" color="text.secondary">
          {record.failure_message}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The amount asked, what the provider charged when it differs, and what went back to the card. */
function Amount({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      <Typography variant="body2">{formatCents(record.amount_cents)}</Typography>
      {record.paid_cents !== null && record.paid_cents !== undefined && record.paid_cents !== record.amount_cents ? (
        <Typography variant="caption" color="error" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.admin_payments.charged', { amount: formatCents(record.paid_cents) })}
        </Typography>
      ) : null}
      {record.refunded_cents > 0 ? (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.card_payments.refunded_total', { amount: formatCents(record.refunded_cents) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The status, and what the payment was for (a balance deposit, or the card's part of one purchase). */
function Status({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <PaymentStatusChip status={record.status} />
      <Typography variant="caption" color="text.secondary">
        {translate(`app.card_payments.purposes.${record.purpose}`, { _: record.purpose ?? '' })}
      </Typography>
    </Stack>
  );
}

/** Each refund with the provider's reference and state; a refused one with retry and return to the balance. */
function Refunds({ record }: { record: RaRecord }) {
  return (
    <CardRefundLines
      payment={record as unknown as PaymentRecord}
      reference
      actions={(refund) => <FailedRefundActions record={record} refund={refund} />}
    />
  );
}

/** On a phone: one block per payment, who paid and the amount on top, the rest under it. */
function PhoneRows() {
  const { data } = useListContext();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {(data ?? []).map((r: RaRecord) => (
        <Box
          component="li"
          key={r.id}
          data-testid="admin-payment"
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <AccountName record={r} />
              <Typography variant="caption" color="text.secondary" component="p">
                {formatDate(r.created_at)}
              </Typography>
            </Box>
            <Amount record={r} />
          </Stack>
          <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
            <Status record={r} />
            <Reference record={r} />
            <Refunds record={r} />
            <RefundPaymentButton record={r} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

/** Card payments newest first with their refunds to the card; status, reference search and dates are answered by the balance service. */
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
        name: translate(`app.card_payments.statuses.${status}`),
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
      actions={<ExportActions columns={paymentExportColumns} />}
      empty={<EmptyState title="app.admin_payments.empty" hint="app.admin_payments.empty_hint" />}
    >
      <PhoneOr phone={<PhoneRows />}>
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DateCol source="created_at" label="app.admin_payments.created_at" />
          <AccountCol label="app.admin_payments.user" />
          <DataTable.Col
            source="amount"
            label="app.balance.amount"
            align="right"
            render={(r: RaRecord) => <Amount record={r} />}
          />
          <DataTable.Col
            source="status"
            label="app.admin_payments.status"
            render={(r: RaRecord) => <Status record={r} />}
          />
          <DataTable.Col
            label="app.admin_payments.reference"
            disableSort
            render={(r: RaRecord) => <Reference record={r} />}
          />
          <DataTable.Col
            label="app.admin_payments.refunds"
            disableSort
            render={(r: RaRecord) => <Refunds record={r} />}
          />
          <DateCol label="app.admin_payments.decided_at" date={(r) => r.refunded_at ?? r.decided_at} />
          <DataTable.Col
            label="app.admin_deposits.actions"
            disableSort
            render={(r: RaRecord) => <RefundPaymentButton record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
