import type { DealerBalance } from '@esim/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { parsePriceCents } from '../../pages/dealer-pricing/priceInput';
import { DEALER_BALANCES_KEY } from './useDealerBalances';

/**
 * The admin's money actions on a dealer: credit (balance and debt grow), cash bought balance
 * (balance grows, debt unchanged) and a cash payment of debt (debt shrinks).
 */
export type MoneyKind = 'credit' | 'cash_load' | 'cash_payment';

/** A dealer's balance and debt after an action, as the ledger will book it. */
export function figuresAfter(kind: MoneyKind, before: Pick<DealerBalance, 'balance_cents' | 'owed_cents'>, amountCents: number) {
  switch (kind) {
    case 'credit':
      return { balance_cents: before.balance_cents + amountCents, owed_cents: before.owed_cents + amountCents };
    case 'cash_load':
      return { balance_cents: before.balance_cents + amountCents, owed_cents: before.owed_cents };
    case 'cash_payment':
      return { balance_cents: before.balance_cents, owed_cents: before.owed_cents - amountCents };
  }
}

const REQUESTS: Record<MoneyKind, { path: string; extra: Record<string, unknown> }> = {
  credit: { path: 'admin/dealers/balance', extra: {} },
  cash_load: { path: 'admin/dealers/cash-balance', extra: { load: true } },
  cash_payment: { path: 'admin/dealers/cash-balance', extra: { load: false } },
};

/** Amount and note, then a second step showing balance and debt before → after; the ledger posts it once (one Idempotency-Key per dialog). */
export function MoneyDialog({
  open,
  onClose,
  dealer,
  figures,
  initialKind,
}: {
  open: boolean;
  onClose: () => void;
  dealer: { id: string; name: string };
  figures: DealerBalance | undefined;
  initialKind: 'credit' | 'cash';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<MoneyKind>(initialKind === 'credit' ? 'credit' : 'cash_load');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const cents = parsePriceCents(amount);
  const before = figures ?? { balance_cents: 0, owed_cents: 0 };
  const overDebt = kind === 'cash_payment' && typeof cents === 'number' && cents > before.owed_cents;
  const valid = typeof cents === 'number' && !overDebt;
  const after = typeof cents === 'number' ? figuresAfter(kind, before, cents) : before;

  const close = () => {
    setAmount('');
    setNote('');
    setConfirming(false);
    setError(null);
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const submit = async () => {
    if (typeof cents !== 'number') return;
    setBusy(true);
    setError(null);
    try {
      const { path, extra } = REQUESTS[kind];
      const { message } = await dataProvider.send('POST', path, { dealer_id: dealer.id, amount: cents / 100, note: note.trim() || null, ...extra }, { idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: DEALER_BALANCES_KEY });
      notify(message || 'app.admin_dealers.money_done', { type: 'success' });
      close();
    } catch (err) {
      const { message, fields } = serviceErrorOf(err);
      setError(fields.amount ?? fields.dealer_id ?? message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const title = translate(initialKind === 'credit' ? 'app.admin_dealers.load_credit' : 'app.admin_dealers.load_cash');
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="money-title">
      <DialogTitle id="money-title">
        {title}: {dealer.name}
      </DialogTitle>
      <DialogContent>
        {confirming ? (
          <Stack spacing={1} data-testid="money-confirmation">
            <Typography>{translate(`app.admin_dealers.kinds.${kind}`)}: <strong>{formatCents(cents as number)}</strong></Typography>
            <Typography>
              {translate('app.admin_dealers.balance')}: {formatCents(before.balance_cents)} → <strong>{formatCents(after.balance_cents)}</strong>
            </Typography>
            <Typography>
              {translate('app.admin_dealers.owed')}: {formatCents(before.owed_cents)} → <strong>{formatCents(after.owed_cents)}</strong>
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {initialKind === 'cash' ? (
              <RadioGroup value={kind} onChange={(e) => setKind(e.target.value as MoneyKind)}>
                <FormControlLabel value="cash_load" control={<Radio />} label={translate('app.admin_dealers.kinds.cash_load')} />
                <FormControlLabel value="cash_payment" control={<Radio />} label={translate('app.admin_dealers.kinds.cash_payment')} />
              </RadioGroup>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {translate('app.admin_dealers.balance')}: {formatCents(before.balance_cents)} · {translate('app.admin_dealers.owed')}: {formatCents(before.owed_cents)}
            </Typography>
            <TextField
              autoFocus
              label={translate('app.admin_dealers.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={(amount !== '' && !valid) || !!error}
              helperText={
                error ??
                (overDebt
                  ? translate('app.admin_dealers.over_debt', { amount: formatCents(before.owed_cents) })
                  : amount !== '' && cents === 'invalid'
                    ? translate('app.balance.amount_invalid')
                    : ' ')
              }
              slotProps={{ input: { endAdornment: <span>€</span> }, htmlInput: { inputMode: 'decimal', name: 'amount' } }}
            />
            <TextField label={translate('app.collection.note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
          </Stack>
        )}
        {confirming && error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : close}>{translate(confirming ? 'ra.action.back' : 'ra.action.cancel')}</Button>
        {confirming ? (
          <Button variant="contained" onClick={submit} disabled={busy}>
            {translate('ra.action.confirm')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!valid}>
            {translate('app.admin_dealers.continue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
