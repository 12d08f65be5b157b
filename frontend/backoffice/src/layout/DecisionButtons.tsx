import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button } from '@mui/material';
import { useState, type ComponentProps } from 'react';
import { ConfirmButton } from './ConfirmButton';
import { ReasonDialog } from './ReasonDialog';

/**
 * Approve (after a confirmation naming what it does) or reject with a required reason, for a request
 * waiting in a list row or on its page; clicks stay here, so a row does not open its record too.
 */
export function DecisionButtons({
  approve,
  reject,
}: {
  approve: { label: string; title: string; body: string; onConfirm: () => Promise<unknown> };
  reject: { label: string; dialog: Omit<ComponentProps<typeof ReasonDialog>, 'action' | 'onClose'> };
}) {
  const [rejecting, setRejecting] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} onClick={(event) => event.stopPropagation()}>
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
