import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { FIGURES_KEY } from '../../providers/figures';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/** Who asked for a top-up, as the admin reads it: company or name, else the e-mail, else the account id. */
export const requesterOf = (record: RaRecord, unknown: string) => record.user_name || record.user_email || `${unknown} (${String(record.user_id).slice(0, 8)})`;

/** After a decision the list, the menu's badge and the home's figures show it at once, not at the next poll. */
function useAfterDecision() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
  };
}

/** The reason is asked for in a dialog of its own: a rejection without one leaves the customer guessing. */
function RejectDialog({ record, open, onClose }: { record: RaRecord; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const afterDecision = useAfterDecision();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send('POST', `admin/top-ups/${record.id}/reject`, { reason: reason.trim() });
      notify(message || 'app.admin_top_ups.rejected', { type: 'info' });
      onClose();
      afterDecision();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.admin_top_ups.reject_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('app.admin_top_ups.reject_body', { amount: formatCents(record.amount_cents), reference: record.reference_code })}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={translate('app.admin_top_ups.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, 500))}
          error={touched && missing}
          helperText={touched && missing ? translate('app.admin_top_ups.reason_required') : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy} startIcon={<CloseIcon />}>
          {translate('app.admin_top_ups.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Confirm (the money arrived: it reaches the balance) or reject a pending top-up; decided ones show nothing to do. */
export function TopUpDecision({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const afterDecision = useAfterDecision();
  const [rejecting, setRejecting] = useState(false);
  if (record.status !== 'pending') return null;
  const confirm = async () => {
    try {
      const { message } = await dataProvider.send('POST', `admin/top-ups/${record.id}/confirm`);
      notify(message || 'app.admin_top_ups.confirmed', { type: 'success' });
      afterDecision();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    // Clicks stay here: the row itself is no link.
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      <ConfirmButton
        size="small"
        variant="contained"
        color="success"
        startIcon={<CheckIcon />}
        title={translate('app.admin_top_ups.confirm_title')}
        content={translate('app.admin_top_ups.confirm_body', {
          amount: formatCents(record.amount_cents),
          reference: record.reference_code,
          name: requesterOf(record, translate('app.admin_top_ups.unknown_user')),
        })}
        onConfirm={confirm}
      >
        {translate('app.admin_top_ups.confirm')}
      </ConfirmButton>
      <Button size="small" color="error" variant="outlined" startIcon={<CloseIcon />} onClick={() => setRejecting(true)}>
        {translate('app.admin_top_ups.reject')}
      </Button>
      {rejecting ? <RejectDialog record={record} open onClose={() => setRejecting(false)} /> : null}
    </Box>
  );
}
