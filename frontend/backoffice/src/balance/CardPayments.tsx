import UndoIcon from '@mui/icons-material/Undo';
import { Box, Card, CardHeader, Stack, Typography } from '@mui/material';
import { DataTable, useDataProvider, useListContext, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { REFUND_POLICY } from '@esim/contracts';
import { formatCents, formatDate } from '../format';
import { CardRefundLines, PAYMENT_STATUSES, PaymentStatusChip, type PaymentRecord } from '../layout/cardPayments';
import { ConfirmButton } from '../layout/ConfirmButton';
import { EmptyState } from '../layout/EmptyState';
import { SelectInput } from '../layout/filterInputs';
import { ListPage } from '../layout/ListPage';
import { PhoneOr } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { useRefreshListAndFigures } from '../providers/figures';

/**
 * Gives the unspent money of one of the caller's card payments back to the card, after naming the
 * amount (what is still on the balance of it: the service's `refundable_cents`).
 */
export function RefundToCardButton({ payment }: { payment: PaymentRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshListAndFigures = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  if (!(payment.refundable_cents > 0)) return null;
  const amount = formatCents(payment.refundable_cents);
  const refund = async () => {
    try {
      const { message } = await dataProvider.send(
        'POST',
        `user/payments/${encodeURIComponent(String(payment.id))}/refund`,
      );
      const text = message || translate('app.card_payments.refunded');
      notify(text, { type: 'success', messageArgs: { _: text } });
    } catch (error) {
      const { message } = serviceErrorOf(error);
      notify(message, { type: 'error', autoHideDuration: 8000, messageArgs: { _: message } });
    }
    // Either way the payment may have moved (a refund on its way), and the balance with it.
    refreshListAndFigures();
  };
  return (
    <ConfirmButton
      size="small"
      variant="outlined"
      startIcon={<UndoIcon />}
      title={translate('app.card_payments.refund_title')}
      content={translate('app.card_payments.refund_body', {
        amount,
        min: REFUND_POLICY.refundBusinessDays.min,
        max: REFUND_POLICY.refundBusinessDays.max,
      })}
      onConfirm={refund}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('app.card_payments.refund', { amount })}
    </ConfirmButton>
  );
}

/** The payment's status, and why it did not go through (or is still being checked) under it. */
function StatusCell({ payment }: { payment: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <PaymentStatusChip status={payment.status} />
      {payment.status === 'review' ? (
        <Typography variant="caption" color="text.secondary">
          {translate('app.card_payments.in_review')}
        </Typography>
      ) : payment.failure_message ? (
        <Typography variant="caption" color="text.secondary">
          {payment.failure_message}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The amount, and what of it went back to the card. */
function AmountCell({ payment }: { payment: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ alignItems: 'flex-end' }}>
      <Typography variant="body2">{formatCents(payment.amount_cents)}</Typography>
      {payment.refunded_cents > 0 ? (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.card_payments.refunded_total', { amount: formatCents(payment.refunded_cents) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** On a phone: one block per payment, what it paid for and its amount on top, the rest under it. */
function PhoneRows() {
  const translate = useTranslate();
  const { data } = useListContext();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {(data ?? []).map((r: RaRecord) => (
        <Box
          component="li"
          key={r.id}
          data-testid="card-payment"
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate(`app.card_payments.purposes.${r.purpose}`, { _: r.purpose })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(r.created_at)}
              </Typography>
            </Box>
            <AmountCell payment={r} />
          </Stack>
          <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
            <StatusCell payment={r} />
            <CardRefundLines payment={r as unknown as PaymentRecord} />
            <RefundToCardButton payment={r as unknown as PaymentRecord} />
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The caller's card payments (GET /user/payments), newest first: what each paid for, its status,
 * the refunds to the card made of it, and where money of it is still on the balance, the button that
 * asks it back to the card.
 */
export function CardPayments() {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader
        title={translate('app.card_payments.title')}
        subheader={translate('app.card_payments.hint')}
        titleTypographyProps={{ variant: 'h6' }}
      />
      <ListPage
        resource="payments"
        disableSyncWithLocation
        storeKey="balance.payments"
        title={false}
        perPage={10}
        sort={{ field: 'created_at', order: 'DESC' }}
        exporter={false}
        actions={false}
        filters={[
          <SelectInput
            key="status"
            source="status"
            label="app.card_payments.status"
            alwaysOn
            choices={PAYMENT_STATUSES.map((s) => ({ id: s, name: translate(`app.card_payments.statuses.${s}`) }))}
          />,
        ]}
        empty={<EmptyState title="app.card_payments.empty" hint="app.card_payments.empty_hint" />}
        sx={{ '& .RaList-content': { boxShadow: 'none' } }}
      >
        <PhoneOr phone={<PhoneRows />}>
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
              source="created_at"
              label="app.card_payments.date"
              render={(r: RaRecord) => formatDate(r.created_at)}
            />
            <DataTable.Col
              label="app.card_payments.purpose"
              disableSort
              render={(r: RaRecord) => translate(`app.card_payments.purposes.${r.purpose}`, { _: r.purpose })}
            />
            <DataTable.Col
              source="amount"
              label="app.card_payments.amount"
              align="right"
              render={(r: RaRecord) => <AmountCell payment={r} />}
            />
            <DataTable.Col
              source="status"
              label="app.card_payments.status"
              render={(r: RaRecord) => <StatusCell payment={r} />}
            />
            <DataTable.Col
              label="app.card_payments.refunds"
              disableSort
              render={(r: RaRecord) => <CardRefundLines payment={r as unknown as PaymentRecord} />}
            />
            <DataTable.Col
              label="app.card_payments.actions"
              disableSort
              render={(r: RaRecord) => <RefundToCardButton payment={r as unknown as PaymentRecord} />}
            />
          </DataTable>
        </PhoneOr>
      </ListPage>
    </Card>
  );
}
