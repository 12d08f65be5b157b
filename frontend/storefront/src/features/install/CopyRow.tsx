import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';

/** Copies text; off a secure origin (a shop opened by its LAN address) the Clipboard API is missing, so a selected textarea is copied instead. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** A label, a value that wraps anywhere (codes have no spaces) and a copy button big enough for a thumb. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('install');
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1, minWidth: 0 }}>{value}</Typography>
        <Tooltip title={copied ? t('page.copied') : t('page.copy')}>
          <IconButton
            aria-label={`${t('page.copy')}: ${label}`}
            onClick={() => void copyText(value).then(() => setCopied(true))}
            sx={{ width: 44, height: 44 }}
          >
            {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
