import PaymentsIcon from '@mui/icons-material/Payments';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { CollectDialog } from './CollectDialog';

/** Opens the hand-over dialog for the cash a sales manager holds; nothing held, nothing to collect. */
export function CollectButton({ record, heldCents }: { record: RaRecord; heldCents: number | undefined }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<PaymentsIcon />}
        disabled={!heldCents}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('app.sm.collect')}
      </Button>
      {open ? (
        <CollectDialog
          open
          onClose={() => setOpen(false)}
          salesManager={{ id: String(record.id), name: record.full_name }}
          heldCents={heldCents ?? 0}
        />
      ) : null}
    </>
  );
}
