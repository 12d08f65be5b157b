import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** Copies a value (ICCID, activation code, IBAN, reference code) and says so. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('app.common.copied', { type: 'success' });
    } catch {
      notify('app.common.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Tooltip title={translate('app.common.copy')}>
      <IconButton size="small" onClick={copy} aria-label={label ?? translate('app.common.copy')}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
