import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { BelowCostNotice, belowCostRows, type PriceChangeRow } from './BelowCostNotice';

/** A price change waiting for the admin's or sales manager's yes: what it does, and the prices below cost in it. */
export interface PendingPriceChange {
  title: string;
  body: string;
  changes: PriceChangeRow[];
  save: (allowBelowCost: boolean) => Promise<void>;
}

/** Asks before prices change; a change with prices below cost is confirmed only once the admin allows them. */
export function PriceConfirmDialog({ pending, onClose }: { pending: PendingPriceChange | null; onClose: () => void }) {
  const translate = useTranslate();
  const [allowed, setAllowed] = useState(false);
  // The last change stays on screen while the dialog fades out after a choice.
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  const below = shown ? belowCostRows(shown.changes) : [];
  const close = () => {
    setAllowed(false);
    onClose();
  };
  const confirm = () => {
    if (!pending) return;
    close();
    void pending.save(below.length > 0 && allowed);
  };
  return (
    <Dialog open={pending !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="price-confirm-title">
      <DialogTitle id="price-confirm-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{shown?.body}</DialogContentText>
        <BelowCostNotice rows={below} allowed={allowed} onAllowedChange={setAllowed} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={below.length > 0 && !allowed}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
