import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { blockingReasonText } from './blockingReason';

interface DeletionInfo {
  card_id: string;
  serial_number: string;
  references: {
    orders: number;
    returns: number;
    pending_returns: number;
    history_rows: number;
    active_bundle: boolean;
  };
  can_delete: boolean;
  blocking_reasons: string[];
}

/**
 * Deleting a card first reads what refers to it (orders, returns, history, an active bundle) and
 * whether anything forbids it; only then, with a reason, is it deleted (kept for the audit trail).
 */
export function DeleteCardButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [info, setInfo] = useState<DeletionInfo | null>(null);
  const [loading, setLoading] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setLoading(true);
    try {
      setInfo(await dataProvider.read<DeletionInfo>(`admin/physical-sim/stock/${record.id}/deletion-info`));
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  const close = () => {
    setInfo(null);
    setReason('');
    setTouched(false);
  };
  const remove = async () => {
    setTouched(true);
    if (!reason.trim()) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send('DELETE', `admin/physical-sim/stock/${record.id}`, {
        reason: reason.trim(),
      });
      notify(message || 'app.psim_stock.deleted', { type: 'success' });
      close();
      redirect('list', 'admin/physical-sim-stock');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const refs = info?.references;
  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={open}
        disabled={loading}
        startIcon={loading ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
      >
        {translate('ra.action.delete')}
      </Button>
      {info && refs ? (
        <Dialog open onClose={close} fullWidth maxWidth="xs">
          <DialogTitle>{translate('app.psim_stock.delete_title', { serial: info.serial_number })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{translate('app.psim_stock.deletion_info')}</DialogContentText>
            <List dense>
              <ListItem disableGutters>
                <ListItemText primary={translate('app.psim_stock.refs.orders', { count: refs.orders })} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText
                  primary={translate('app.psim_stock.refs.returns', { count: refs.returns })}
                  secondary={
                    refs.pending_returns
                      ? translate('app.psim_stock.refs.pending_returns', { smart_count: refs.pending_returns })
                      : undefined
                  }
                />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText primary={translate('app.psim_stock.refs.history_rows', { count: refs.history_rows })} />
              </ListItem>
              <ListItem disableGutters>
                <ListItemText
                  primary={translate(
                    refs.active_bundle ? 'app.psim_stock.refs.active_bundle' : 'app.psim_stock.refs.no_active_bundle',
                  )}
                />
              </ListItem>
            </List>
            {info.can_delete ? (
              <>
                <Alert severity="info">{translate('app.psim_stock.delete_kept')}</Alert>
                <TextField
                  autoFocus
                  fullWidth
                  margin="normal"
                  label={translate('app.psim_stock.delete_reason')}
                  value={reason}
                  onChange={(event) => setReason(event.target.value.slice(0, 500))}
                  error={touched && !reason.trim()}
                  helperText={touched && !reason.trim() ? translate('app.psim_stock.reason_required') : ' '}
                />
              </>
            ) : (
              <Alert severity="error">
                {translate('app.psim_stock.cannot_delete')}{' '}
                {info.blocking_reasons.map((code) => blockingReasonText(code, translate)).join('; ')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            {info.can_delete ? (
              <Button color="error" variant="contained" onClick={remove} disabled={busy} startIcon={<DeleteIcon />}>
                {translate('ra.action.delete')}
              </Button>
            ) : null}
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
