import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';

/** A money or destructive action: asks first, then shows progress until the call answers. */
export function ConfirmButton({
  title,
  content,
  onConfirm,
  children,
  disabled,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  title: string;
  content: ReactNode;
  onConfirm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setOpen(false);
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        {...button}
        disabled={disabled || busy}
        onClick={() => setOpen(true)}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : button.startIcon}
      >
        {children}
      </Button>
      <Confirm isOpen={open} title={title} content={content} onConfirm={confirm} onClose={() => setOpen(false)} />
    </>
  );
}
