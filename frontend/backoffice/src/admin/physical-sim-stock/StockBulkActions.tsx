import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { lazyDialog } from '../../lazy';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { blockingReasonText } from './blockingReason';

const StatusDialog = lazyDialog(() => import('./StatusDialog').then((m) => m.StatusDialog));
const TransferDialog = lazyDialog(() => import('./TransferDialog').then((m) => m.TransferDialog));

interface BulkDeleteResult {
  deleted: number;
  failed: number;
  results: Array<{ id: string; ok: boolean; code: string; reasons?: string[] }>;
}

/** Deletes the selected cards with one reason; the ones that may not go stay, each with why. */
function BulkDeleteDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkDeleteResult | null>(null);
  const submit = async () => {
    setTouched(true);
    if (!reason.trim()) return;
    setBusy(true);
    try {
      const { data } = await dataProvider.send<BulkDeleteResult>('POST', 'admin/physical-sim/stock/bulk-delete', {
        card_ids: ids,
        reason: reason.trim(),
      });
      notify('app.psim_stock.bulk_delete_done', {
        type: data.failed ? 'warning' : 'success',
        messageArgs: { deleted: data.deleted, failed: data.failed },
      });
      refresh();
      if (data.failed === 0) {
        onClose();
        onDone();
      } else setResult(data);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const reasons = result ? [...new Set(result.results.flatMap((r) => (r.ok ? [] : (r.reasons ?? [r.code]))))] : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.psim_stock.bulk_delete_title', { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        {result ? (
          <Alert severity="warning">
            {translate('app.psim_stock.bulk_delete_done', { deleted: result.deleted, failed: result.failed })}{' '}
            {reasons.map((code) => blockingReasonText(code, translate)).join('; ')}
          </Alert>
        ) : (
          <>
            <DialogContentText>{translate('app.psim_stock.bulk_delete_hint')}</DialogContentText>
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
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={result ? () => (onClose(), onDone()) : onClose}>
          {translate(result ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {result ? null : (
          <Button color="error" variant="contained" onClick={submit} disabled={busy} startIcon={<DeleteIcon />}>
            {translate('ra.action.delete')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What the admin can do with the selected cards: a new status, a transfer to a dealer, back to admin stock, deletion. */
export function StockBulkActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState<'status' | 'transfer' | 'delete' | null>(null);
  const ids = selectedIds.map(String);
  const close = () => setOpen(null);
  const returnToAdmin = async () => {
    try {
      const { data } = await dataProvider.send<{ returned: number }>(
        'POST',
        'admin/physical-sim/stock/return-to-admin',
        { card_ids: ids },
      );
      notify('app.psim_stock.returned', { type: 'success', messageArgs: { smart_count: data.returned } });
      onUnselectItems();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('status')}>
        {translate('app.psim_stock.change_status')}
      </Button>
      <Button size="small" startIcon={<SendIcon />} onClick={() => setOpen('transfer')}>
        {translate('app.psim_stock.transfer')}
      </Button>
      <ConfirmButton
        size="small"
        startIcon={<KeyboardReturnIcon />}
        title={translate('app.psim_stock.return_title', { smart_count: ids.length })}
        content={translate('app.psim_stock.return_body')}
        onConfirm={returnToAdmin}
      >
        {translate('app.psim_stock.return_to_admin')}
      </ConfirmButton>
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen('delete')}>
        {translate('ra.action.delete')}
      </Button>
      {open === 'status' ? <StatusDialog cardIds={ids} onClose={close} onDone={onUnselectItems} /> : null}
      {open === 'transfer' ? <TransferDialog cardIds={ids} onClose={close} onDone={onUnselectItems} /> : null}
      {open === 'delete' ? <BulkDeleteDialog ids={ids} onClose={close} onDone={onUnselectItems} /> : null}
    </>
  );
}
