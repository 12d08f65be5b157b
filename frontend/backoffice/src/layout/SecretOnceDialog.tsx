import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A secret the server shows once (an API key, a webhook's signing secret), with a copy button and
 * the warning that it will not be shown again; null when a replay of the same create has none to show.
 * `texts` is the i18n prefix of its words (shown_once, secret, copy, copied, copy_failed, secret_gone, done).
 */
export function SecretOnceDialog(props: {
  id: string;
  title: string;
  secret: string | null;
  texts: 'app.api_keys' | 'app.webhooks';
  onClose: () => void;
  children?: ReactNode;
}) {
  const { id, title, secret, texts, onClose, children } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      notify(`${texts}.copied`, { type: 'success' });
    } catch {
      notify(`${texts}.copy_failed`, { type: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${texts}.shown_once`)}
        </Alert>
        {secret ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <TextField
              fullWidth
              size="small"
              label={translate(`${texts}.secret`)}
              value={secret}
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            />
            <Tooltip title={translate(`${texts}.copy`)}>
              <IconButton aria-label={translate(`${texts}.copy`)} onClick={copy}>
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ) : (
          <Typography>{translate(`${texts}.secret_gone`)}</Typography>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${texts}.done`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
