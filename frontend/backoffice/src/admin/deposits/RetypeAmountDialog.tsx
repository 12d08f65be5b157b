import CheckIcon from '@mui/icons-material/Check';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { parsePriceCents } from '../../dealer-pricing/priceInput';

/**
 * Confirming a deposit above the shop's threshold: the admin types the amount again, and the service
 * compares it with the request (a wrong one is refused there and its words shown under the field).
 * `onSubmit` gets the typed cents and answers the refusal to show, or null once confirmed.
 */
export function RetypeAmountDialog({
  title,
  body,
  onSubmit,
  onClose,
}: {
  title: string;
  body: string;
  onSubmit: (cents: number) => Promise<string | null>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cents = parsePriceCents(amount);
  const unreadable = amount.trim() !== '' && typeof cents !== 'number';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof cents !== 'number' || busy) return;
    setBusy(true);
    try {
      const problem = await onSubmit(cents);
      if (problem === null) onClose();
      else setRefusal(problem);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="retype-amount-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="retype-amount-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{body}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={translate('app.admin_deposits.retype_label')}
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setRefusal(null);
            }}
            error={refusal !== null || unreadable}
            helperText={
              refusal ??
              (unreadable ? translate('app.balance.amount_invalid') : translate('app.admin_deposits.retype_hint'))
            }
            autoComplete="off"
            slotProps={{
              input: { endAdornment: <span>€</span> },
              htmlInput: { inputMode: 'decimal', name: 'amount' },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color="success"
            disabled={typeof cents !== 'number' || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
          >
            {translate('app.admin_deposits.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
