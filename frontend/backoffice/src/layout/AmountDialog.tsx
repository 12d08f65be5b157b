import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { parsePriceCents } from '../dealer-pricing/priceInput';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';

/** What a typed amount means against an upper limit (none: any amount): empty, unreadable, above the limit, or fine. */
export function amountProblem(text: string, maxCents?: number): 'empty' | 'invalid' | 'over_limit' | null {
  const cents = parsePriceCents(text);
  if (cents === null) return 'empty';
  if (cents === 'invalid') return 'invalid';
  return maxCents !== undefined && cents > maxCents ? 'over_limit' : null;
}

export interface AmountRequest {
  path: string;
  /** POST books a movement; PUT sets a figure (a limit). */
  method?: 'POST' | 'PUT';
  /** The account the money moves for, named the way the service names it in a refusal (none when the path names it). */
  party?: { field: string; id: string };
  /** The body field the amount goes in. */
  amountField?: string;
  extra?: Record<string, unknown>;
}

/**
 * An amount of money and a note, then a second step that shows what the amount will do; the
 * service books it once (one Idempotency-Key per dialog) and its refusal is shown as it words it.
 */
export function AmountDialog({
  name,
  open,
  onClose,
  title,
  amountLabel,
  aboveAmount,
  maxCents,
  overLimitText,
  hint = ' ',
  confirmation,
  request,
  refreshKey,
  doneMessage,
}: {
  /** Prefix of the dialog's title id and confirmation test id. */
  name: string;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  amountLabel: string;
  /** Shown above the amount field (choices, the figures before). */
  aboveAmount?: ReactNode;
  /** The most the service accepts, checked here against the figure shown so the confirmation never offers more. */
  maxCents?: number;
  overLimitText?: string;
  hint?: string;
  confirmation: (cents: number) => ReactNode;
  request: AmountRequest;
  /** The query whose figures the booking changes. */
  refreshKey: readonly string[];
  doneMessage: string;
}) {
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
  const problem = amountProblem(amount, maxCents);
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
    setError(null);
    try {
      const amountField = request.amountField ?? 'amount';
      const body = {
        ...(request.party ? { [request.party.field]: request.party.id } : {}),
        [amountField]: cents / 100,
        note: note.trim() || null,
        ...request.extra,
      };
      const { message } = await dataProvider.send(request.method ?? 'POST', request.path, body, { idempotencyKey });
      await queryClient.invalidateQueries({ queryKey: refreshKey });
      notify(message || doneMessage, { type: 'success' });
      close();
    } catch (err) {
      const { message, fields } = serviceErrorOf(err);
      setError(
        fields[request.amountField ?? 'amount'] ?? (request.party ? fields[request.party.field] : undefined) ?? message,
      );
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const helper =
    error ??
    (problem === 'over_limit' ? overLimitText : problem === 'invalid' ? translate('app.balance.amount_invalid') : hint);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`${name}-title`}>
      <DialogTitle id={`${name}-title`}>{title}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <Stack spacing={1} data-testid={`${name}-confirmation`}>
            {confirmation(cents as number)}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {aboveAmount}
            <TextField
              autoFocus
              label={amountLabel}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={!!error || problem === 'over_limit' || problem === 'invalid'}
              helperText={helper}
              slotProps={{
                input: { endAdornment: <span>€</span> },
                htmlInput: { inputMode: 'decimal', name: 'amount' },
              }}
            />
            <TextField
              label={translate('app.collection.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
            />
          </Stack>
        )}
        {confirming && error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : close}>
          {translate(confirming ? 'ra.action.back' : 'ra.action.cancel')}
        </Button>
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
