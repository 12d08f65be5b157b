import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The longest reason the services keep. */
export const REASON_MAX = 500;

/**
 * A decision that needs a written reason (a rejection, a refund): the reason is required and goes
 * with the decision. `onSubmit` gets the trimmed reason and answers whether the dialog may close.
 */
export function ReasonDialog({
  titleId,
  title,
  body,
  details,
  label,
  hint = ' ',
  problemOf,
  action,
  onSubmit,
  onClose,
  children,
}: {
  titleId?: string;
  title: string;
  body: ReactNode;
  /** Shown under the body, before the reason (what the decision does, read from the service). */
  details?: ReactNode;
  label: string;
  hint?: string;
  /** What is wrong with the typed reason, worded for the user; null when it will do. */
  problemOf: (reason: string) => string | null;
  action: { label: string; icon: ReactNode };
  onSubmit: (reason: string) => Promise<boolean>;
  onClose: () => void;
  /** Shown under the reason (the service's refusal). */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const problem = problemOf(reason);
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      if (await onSubmit(reason.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" {...(titleId ? { 'aria-labelledby': titleId } : {})}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
        {details ? <Box sx={{ mt: 2 }}>{details}</Box> : null}
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
          error={touched && !!problem}
          helperText={touched && problem ? problem : hint}
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy} startIcon={action.icon}>
          {action.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
