import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { SerialRangePreview as Preview } from '@esim/contracts';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import type { DealerChoice } from './choices';
import { DealerPicker } from './DealerPicker';
import { rangeTransferable, SerialRangePreview } from './SerialRangePreview';

const SERIAL = /^\d{6,32}$/;

/**
 * Admin stock → a dealer, either the selected cards or a serial range. A range is previewed first
 * (how many cards, which packages, what would refuse it) and only a clean preview can be sent.
 */
export function TransferDialog({
  cardIds,
  onClose,
  onDone,
}: {
  cardIds?: readonly string[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const byRange = !cardIds;
  const [dealer, setDealer] = useState<DealerChoice | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const fromError = touched && !SERIAL.test(from.trim()) ? translate('app.psim_stock.serial_invalid') : undefined;
  const toError =
    touched && !SERIAL.test(to.trim())
      ? translate('app.psim_stock.serial_invalid')
      : touched && from.trim().length === to.trim().length && from.trim() > to.trim()
        ? translate('app.psim_stock.range_reversed')
        : undefined;

  const runPreview = async () => {
    setTouched(true);
    setFailure(null);
    if (!SERIAL.test(from.trim()) || !SERIAL.test(to.trim())) return;
    setPreviewing(true);
    try {
      setPreview(
        await dataProvider.read<Preview>('admin/physical-sim/stock/transfer-preview', {
          serial_from: from.trim(),
          serial_to: to.trim(),
        }),
      );
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setPreviewing(false);
    }
  };
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    // A preview belongs to the range it was read for.
    setPreview(null);
  };
  const canSend =
    dealer !== null && (byRange ? preview !== null && rangeTransferable(preview) : (cardIds?.length ?? 0) > 0);
  const send = async () => {
    if (!dealer) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = byRange
        ? { dealer_id: dealer.id, serial_from: from.trim(), serial_to: to.trim() }
        : { dealer_id: dealer.id, card_ids: cardIds };
      const { data } = await dataProvider.send<{ transferred: number }>(
        'POST',
        'admin/physical-sim/stock/transfer-to-dealer',
        { ...body, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      );
      notify('app.psim_stock.transferred', {
        type: 'success',
        messageArgs: { smart_count: data.transferred, dealer: dealer.name },
      });
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate(byRange ? 'app.psim_stock.transfer_range_title' : 'app.psim_stock.transfer_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {byRange
            ? translate('app.psim_stock.transfer_range_hint')
            : translate('app.psim_stock.transfer_selected', { smart_count: cardIds!.length })}
        </DialogContentText>
        <DealerPicker value={dealer} onChange={setDealer} />
        {byRange ? (
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <TextField
                fullWidth
                label={translate('app.psim_stock.serial_from')}
                value={from}
                onChange={(e) => edit(setFrom)(e.target.value)}
                error={Boolean(fromError)}
                helperText={fromError ?? ' '}
                inputProps={{ inputMode: 'numeric' }}
              />
              <TextField
                fullWidth
                label={translate('app.psim_stock.serial_to')}
                value={to}
                onChange={(e) => edit(setTo)(e.target.value)}
                error={Boolean(toError)}
                helperText={toError ?? ' '}
                inputProps={{ inputMode: 'numeric' }}
              />
            </Stack>
            <div>
              <Button
                variant="outlined"
                onClick={runPreview}
                disabled={previewing}
                startIcon={previewing ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                {translate('app.psim_stock.preview')}
              </Button>
            </div>
            {preview ? <SerialRangePreview preview={preview} /> : null}
          </Stack>
        ) : null}
        <TextField
          fullWidth
          margin="normal"
          label={translate('app.psim_stock.reason_optional')}
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, 500))}
        />
        {failure ? <Alert severity="error">{failure}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={!canSend || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
        >
          {translate('app.psim_stock.transfer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
