import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button } from '@mui/material';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmButton } from './ConfirmButton';
import { ReasonDialog } from './ReasonDialog';

/** Approve after a plain confirmation, or through a dialog of the caller's own (one that asks for more, such as the amount again). */
type Approve =
  | { label: string; title: string; body: string; onConfirm: () => Promise<unknown> }
  | { label: string; dialog: (onClose: () => void) => ReactNode };

/**
 * Approve (after a confirmation naming what it does) or reject with a required reason, for a request
 * waiting in a list row or on its page; clicks stay here, so a row does not open its record too.
 */
export function DecisionButtons({
  approve,
  reject,
}: {
  approve: Approve;
  reject: { label: string; dialog: Omit<ComponentProps<typeof ReasonDialog>, 'action' | 'onClose'> };
}) {
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
      {'dialog' in approve ? (
        <>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            onClick={() => setApproving(true)}
          >
            {approve.label}
          </Button>
          {approving ? approve.dialog(() => setApproving(false)) : null}
        </>
      ) : (
        <ConfirmButton
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          title={approve.title}
          content={approve.body}
          onConfirm={approve.onConfirm}
        >
          {approve.label}
        </ConfirmButton>
      )}
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<CloseIcon />}
        onClick={() => setRejecting(true)}
      >
        {reject.label}
      </Button>
      {rejecting ? (
        <ReasonDialog
          {...reject.dialog}
          action={{ label: reject.label, icon: <CloseIcon /> }}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </Box>
  );
}
