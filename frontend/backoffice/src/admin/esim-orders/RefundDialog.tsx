import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatEuro } from '../../format';

/** The esim service's bounds of an admin's refund reason. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** What is wrong with a typed reason: an admin's refund is recorded with why it was made. */
export function refundReasonProblem(text: string): 'required' | 'too_short' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  return trimmed.length < REASON_MIN ? 'too_short' : null;
}

/**
 * An admin's refund of one eSIM: the reason is required (it goes with the money back to the buyer's
 * ledger), and the refund is allowed past the customer's own window, so the dialog says what happens.
 */
export function RefundDialog({ esim, amount, onClose, onRefund }: { esim: { iccid: string }; amount: number; onClose: () => void; onRefund: (reason: string) => Promise<void> }) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const problem = refundReasonProblem(reason);
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    setError(null);
    try {
      await onRefund(reason.trim());
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="refund-title">
      <DialogTitle id="refund-title">{translate('app.admin_esim_orders.refund_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.admin_esim_orders.refund_body', { iccid: esim.iccid, amount: formatEuro(amount) })}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={translate('app.admin_esim_orders.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          error={touched && !!problem}
          helperText={touched && problem ? translate(`app.admin_esim_orders.reason_${problem}`, { min: REASON_MIN }) : ' '}
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy} startIcon={<UndoIcon />}>
          {translate('app.admin_esim_orders.refund')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
