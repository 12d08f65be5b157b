import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { parsePriceCents } from '../../pages/dealer-pricing/priceInput';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { SALES_MANAGER_BALANCES_KEY } from './useSalesManagerBalances';

/** What a typed amount means against the cash a sales manager holds: empty, unreadable, more than held, or fine. */
export function collectAmountProblem(text: string, heldCents: number): 'empty' | 'invalid' | 'over_held' | null {
  const cents = parsePriceCents(text);
  if (cents === null) return 'empty';
  if (cents === 'invalid') return 'invalid';
  return cents > heldCents ? 'over_held' : null;
}

/**
 * Cash a sales manager hands over to the company: at most what they hold (checked here against the
 * figure shown, and again by the balance service, whose refusal is shown as it is), after a confirmation.
 */
export function CollectDialog({ open, onClose, salesManager, heldCents }: { open: boolean; onClose: () => void; salesManager: { id: string; name: string }; heldCents: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const problem = collectAmountProblem(amount, heldCents);
  const cents = parsePriceCents(amount);

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
    try {
      const { message } = await dataProvider.send('POST', 'admin/sales-managers/collect', { sales_manager_id: salesManager.id, amount: cents / 100, note: note.trim() || null }, { idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: SALES_MANAGER_BALANCES_KEY });
      notify(message || 'app.collection.recorded', { type: 'success' });
      close();
    } catch (err) {
      const { message, fields } = serviceErrorOf(err);
      setError(fields.amount ?? fields.sales_manager_id ?? message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const helper =
    error ??
    (problem === 'over_held'
      ? translate('app.admin_sm.over_held', { amount: formatCents(heldCents) })
      : problem === 'invalid'
        ? translate('app.balance.amount_invalid')
        : translate('app.admin_sm.held_hint', { amount: formatCents(heldCents) }));
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="collect-title">
      <DialogTitle id="collect-title">{translate('app.admin_sm.collect_title', { name: salesManager.name })}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <Stack spacing={1} data-testid="collect-confirmation">
            <Typography>{translate('app.admin_sm.confirm_body', { amount: formatCents(cents as number), name: salesManager.name })}</Typography>
            <Typography>
              {translate('app.sm.cash_held')}: {formatCents(heldCents)} → <strong>{formatCents(heldCents - (cents as number))}</strong>
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              autoFocus
              label={translate('app.collection.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={!!error || problem === 'over_held' || problem === 'invalid'}
              helperText={helper}
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
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={problem !== null}>
            {translate('app.admin_dealers.continue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
