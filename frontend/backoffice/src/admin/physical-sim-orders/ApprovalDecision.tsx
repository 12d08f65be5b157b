import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { FIGURES_KEY } from '../../providers/figures';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

export type ApprovalKind = 'orders' | 'returns';

/** Where the admin's stock of one package is listed: in stock, in admin hands. */
export const stockLinkOf = (packageId: string) => `/admin/physical-sim-stock?filter=${encodeURIComponent(JSON.stringify({ status: 'in_stock', package_id: packageId, owner_user_id: 'admin' }))}`;

/** After a decision the list, the show page, the menu's badge and the home's figures show it at once. */
function useAfterDecision() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
  };
}

/** The reason goes to the dealer with the rejection: asked for in a dialog of its own, never empty. */
export function RejectDialog({ kind, record, summary, onClose }: { kind: ApprovalKind; record: RaRecord; summary: string; onClose: () => void }) {
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
      const { message } = await dataProvider.send('POST', `admin/physical-sim/${kind}/${record.id}/reject`, { reason: reason.trim() });
      notify(message || 'app.psim_approvals.rejected', { type: 'info' });
      onClose();
      afterDecision();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate(`app.psim_approvals.reject_title_${kind}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{summary}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={translate('app.psim_approvals.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value.slice(0, 500))}
          error={touched && missing}
          helperText={touched && missing ? translate('app.psim_approvals.reason_required') : translate('app.psim_approvals.reason_hint')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={busy} startIcon={<CloseIcon />}>
          {translate('app.psim_approvals.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** An order the stock cannot fill: how many cards of its package the admin holds, and the way to them. */
export function StockShortage({ available, packageId }: { available: number; packageId: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={Link} to={stockLinkOf(packageId)} onClick={(event) => event.stopPropagation()}>
          {translate('app.psim_approvals.see_stock')}
        </Button>
      }
    >
      {translate('app.psim_approvals.not_enough_stock', { smart_count: available })}
    </Alert>
  );
}

/**
 * Approve (after a confirmation naming what it does) or reject with a reason a pending order or
 * return; decided ones offer nothing. An order refused for stock shows the stock there is.
 */
export function ApprovalDecision({ kind, record, summary, approveBody }: { kind: ApprovalKind; record: RaRecord; summary: string; approveBody: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const afterDecision = useAfterDecision();
  const [rejecting, setRejecting] = useState(false);
  const [shortage, setShortage] = useState<number | null>(null);
  if (record.status !== 'pending') return null;
  const approve = async () => {
    try {
      const { message } = await dataProvider.send('POST', `admin/physical-sim/${kind}/${record.id}/approve`);
      notify(message || 'app.psim_approvals.approved', { type: 'success' });
      afterDecision();
    } catch (error) {
      const code = (error as { body?: { code?: string } }).body?.code;
      if (kind === 'orders' && code === 'not_enough_stock') {
        // The exact count from the stock list (the same filter the link opens), not parsed out of the message.
        const { total } = await dataProvider.getList('admin/physical-sim-stock', {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'created_at', order: 'DESC' },
          filter: { status: 'in_stock', package_id: record.package_id, owner_user_id: 'admin' },
        });
        setShortage(total ?? 0);
      }
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    // Clicks stay here: a list row would otherwise open the record.
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} onClick={(event) => event.stopPropagation()}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ConfirmButton
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          title={translate(`app.psim_approvals.approve_title_${kind}`)}
          content={approveBody}
          onConfirm={approve}
        >
          {translate('app.psim_approvals.approve')}
        </ConfirmButton>
        <Button size="small" color="error" variant="outlined" startIcon={<CloseIcon />} onClick={() => setRejecting(true)}>
          {translate('app.psim_approvals.reject')}
        </Button>
      </Box>
      {shortage !== null ? <StockShortage available={shortage} packageId={record.package_id} /> : null}
      {rejecting ? <RejectDialog kind={kind} record={record} summary={summary} onClose={() => setRejecting(false)} /> : null}
    </Box>
  );
}
