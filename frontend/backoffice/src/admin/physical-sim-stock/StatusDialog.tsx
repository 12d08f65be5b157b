import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { CARD_STATUSES } from '@esim/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { adminCardStatusText } from './cardStatus';

/**
 * A new status for one card or many. The service allows only certain changes (a sold card cannot
 * go back to stock by hand): one card's refusal is shown as it says it, many cards' as counts.
 */
export function StatusDialog({
  cardIds,
  current,
  onClose,
  onDone,
}: {
  cardIds: readonly string[];
  current?: string;
  onClose: () => void;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const single = cardIds.length === 1;
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const note = reason.trim() ? { reason: reason.trim() } : {};
    try {
      if (single) {
        const { message } = await dataProvider.send('PUT', `admin/physical-sim/stock/${cardIds[0]}/status`, {
          status,
          ...note,
        });
        notify(message || 'app.psim_stock.status_updated', { type: 'success' });
      } else {
        const { data } = await dataProvider.send<{ updated: number; failed: number }>(
          'PUT',
          'admin/physical-sim/stock/bulk-status-update',
          { card_ids: cardIds, status, ...note },
        );
        notify('app.psim_stock.bulk_status_done', {
          type: data.failed ? 'warning' : 'success',
          messageArgs: { updated: data.updated, failed: data.failed },
        });
      }
      onClose();
      onDone?.();
      refresh();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.psim_stock.status_title', { smart_count: cardIds.length })}</DialogTitle>
      <DialogContent>
        {single ? null : <DialogContentText>{translate('app.psim_stock.status_bulk_hint')}</DialogContentText>}
        <TextField
          select
          fullWidth
          margin="normal"
          label={translate('app.psim_stock.new_status')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        >
          {CARD_STATUSES.filter((s) => s !== current).map((s) => (
            <MenuItem key={s} value={s}>
              {adminCardStatusText(s, translate)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          margin="normal"
          label={translate('app.psim_stock.reason_optional')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, 500))}
        />
        {failure ? <Alert severity="error">{failure}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!status || busy}>
          {translate('app.psim_stock.change_status')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
