import ReplayIcon from '@mui/icons-material/Replay';
import SavingsIcon from '@mui/icons-material/Savings';
import UndoIcon from '@mui/icons-material/Undo';
import { Stack } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { CardRefund } from '@esim/contracts';
import { formatCents } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/**
 * What an admin may give back to the card of a payment now, and why: a paid payment's money still
 * unspent on the owner's balance (`refundable_cents`, worked out by the balance service), or all a
 * failed payment charged that was never credited (the provider charged an amount that did not
 * match), less what went back to the card already.
 */
export function adminRefundable(record: RaRecord): { kind: 'unspent' | 'unbooked'; cents: number } | null {
  if (record.status === 'paid' && record.refundable_cents > 0)
    return { kind: 'unspent', cents: record.refundable_cents };
  if (record.status === 'failed' && record.paid_cents > 0) {
    const given = ((record.refunds ?? []) as CardRefund[])
      .filter((refund) => refund.kind === 'unbooked' && refund.status !== 'returned')
      .reduce((sum, refund) => sum + refund.amount_cents, 0);
    const left = record.paid_cents - given;
    return left > 0 ? { kind: 'unbooked', cents: left } : null;
  }
  return null;
}

/** Sends one money action, says how it went in the service's words, and refreshes the list and the figures either way. */
function useMoneyAction() {
  const notify = useNotify();
  const translate = useTranslate();
  const refreshListAndFigures = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return async (path: string, fallback: string) => {
    try {
      // A POST: the httpClient gives it an Idempotency-Key, so a retried request moves no money twice.
      const { message } = await dataProvider.send('POST', path);
      const text = message || translate(fallback);
      notify(text, { type: 'success', messageArgs: { _: text } });
    } catch (error) {
      const { message } = serviceErrorOf(error);
      notify(message, { type: 'error', autoHideDuration: 8000, messageArgs: { _: message } });
    }
    refreshListAndFigures();
  };
}

const paymentPath = (record: RaRecord) => `admin/payments/${encodeURIComponent(String(record.id))}`;

/**
 * Gives card money back to the card, after naming the amount: a paid payment's unspent money (taken
 * off the owner's balance), or a failed payment's charge that was never credited (nothing to take
 * off). Only the balance service knows what is still there, so its refusal is shown as it words it.
 */
export function RefundPaymentButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const send = useMoneyAction();
  const refundable = adminRefundable(record);
  if (!refundable) return null;
  const amount = formatCents(refundable.cents);
  const name = accountNameOf(record, translate('app.admin_deposits.unknown_user'));
  return (
    // Clicks stay here: the row itself is no link.
    <span onClick={(event) => event.stopPropagation()}>
      <ConfirmButton
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<UndoIcon />}
        title={translate('app.admin_payments.refund_title')}
        content={translate(
          refundable.kind === 'unspent' ? 'app.admin_payments.refund_body' : 'app.admin_payments.refund_unbooked_body',
          { amount, name },
        )}
        onConfirm={() => send(`${paymentPath(record)}/refund`, 'app.admin_payments.refunded')}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate(refundable.kind === 'unspent' ? 'app.admin_payments.refund' : 'app.admin_payments.refund_unbooked', {
          amount,
        })}
      </ConfirmButton>
    </span>
  );
}

/** A refund the provider refused: ask it again, or give the money back to the owner's balance instead. */
export function FailedRefundActions({ record, refund }: { record: RaRecord; refund: CardRefund }) {
  const translate = useTranslate();
  const send = useMoneyAction();
  if (refund.status !== 'failed') return null;
  const amount = formatCents(refund.amount_cents);
  const name = accountNameOf(record, translate('app.admin_deposits.unknown_user'));
  const path = `${paymentPath(record)}/refunds/${encodeURIComponent(refund.id)}`;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mt: 0.5 }}
      onClick={(event) => event.stopPropagation()}
    >
      <ConfirmButton
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        title={translate('app.admin_payments.retry_title')}
        content={translate('app.admin_payments.retry_body', { amount, name })}
        onConfirm={() => send(`${path}/retry`, 'app.admin_payments.retried')}
      >
        {translate('app.admin_payments.retry')}
      </ConfirmButton>
      <ConfirmButton
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<SavingsIcon />}
        title={translate('app.admin_payments.to_balance_title')}
        content={translate('app.admin_payments.to_balance_body', { amount, name })}
        onConfirm={() => send(`${path}/to-balance`, 'app.admin_payments.returned')}
      >
        {translate('app.admin_payments.to_balance')}
      </ConfirmButton>
    </Stack>
  );
}
