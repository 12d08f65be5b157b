import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { StatementSection } from './StatementSection';

/** The sales manager's way to one of their dealers' statements: a button that opens them in a dialog. */
export function StatementButton({ dealer }: { dealer: { id: string; name: string } }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} startIcon={<RequestQuoteIcon />}>
        {translate('app.statements.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>
          {translate('app.statements.title')} · {dealer.name}
        </DialogTitle>
        <DialogContent>
          {open ? (
            <StatementSection basePath={`sales-manager/dealers/${encodeURIComponent(dealer.id)}/statements`} />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
