import UndoIcon from '@mui/icons-material/Undo';
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
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { formatDate } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { FIGURES_KEY } from '../providers/figures';
import { RefundSplit, refundPartsText, useRefundPreview } from './refundSplit';
import type { EsimProfile } from './shapes';

/** POST /user/esim/:id/refund's answer (contracts' esimRefundSchema): the price, the card's part, the balance's, and whether it is done. */
export interface EsimRefund {
  esim_id: string;
  order_id: string;
  refunded_cents: number;
  to_card_cents: number;
  to_balance_cents: number;
  status: 'refunded' | 'processing';
}

/**
 * The buyer's own refund of an eSIM never used: where each part of the money goes is read first
 * (GET /user/esim/:id/refund) and shown before the buyer confirms, or why it cannot be refunded;
 * once confirmed, what happened: refunded, or under way (the eSIM is withdrawn either way).
 */
export function EsimRefundDialog({ esim, onClose }: { esim: EsimProfile; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const preview = useRefundPreview(esim.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<EsimRefund | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await dataProvider.send<EsimRefund>(
        'POST',
        `user/esim/${encodeURIComponent(esim.id)}/refund`,
        {},
      );
      setDone(data);
      // The card behind shows the eSIM withdrawn, the top bar the balance it may have gained.
      await queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      refresh();
    } catch (error) {
      setFailure(serviceErrorOf(error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="esim-refund-title">
      <DialogTitle id="esim-refund-title">
        {translate(
          !done
            ? 'app.orders.refund_title'
            : done.status === 'refunded'
              ? 'app.orders.refunded'
              : 'app.orders.refund_processing_title',
        )}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {done ? (
            <Alert
              severity={done.status === 'refunded' ? 'success' : 'info'}
              data-testid="refund-outcome"
              role="status"
            >
              {translate(done.status === 'refunded' ? 'app.orders.refund_done' : 'app.orders.refund_processing', {
                parts: refundPartsText(translate, done, 'own'),
              })}
            </Alert>
          ) : (
            <>
              <DialogContentText>
                {translate('app.orders.refund_body', { date: formatDate(esim.refund_deadline) })}
              </DialogContentText>
              <RefundSplit preview={preview.data} isPending={preview.isPending} error={preview.error} reader="own" />
            </>
          )}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button onClick={onClose} variant="contained">
            {translate('ra.action.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={confirm}
              disabled={busy || !preview.data?.refundable}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UndoIcon />}
            >
              {translate('app.orders.refund')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
