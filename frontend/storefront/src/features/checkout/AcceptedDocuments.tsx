import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useTranslation } from 'react-i18next';
import type { EsimOrder } from './types';
import { formatDate } from '../../lib/format';

/**
 * The pre-information form and the distance sales contract exactly as the buyer accepted them for
 * this order (kept with it), one tap away on the order page.
 */
export function AcceptedDocuments({ agreement }: { agreement: NonNullable<EsimOrder['agreement']> }) {
  const { t, i18n } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="text"
        startIcon={<DescriptionOutlinedIcon />}
        onClick={() => setOpen(true)}
        sx={{ px: 0.5 }}
      >
        {t('order.documents')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        scroll="paper"
        aria-labelledby="accepted-documents-title"
      >
        <DialogTitle id="accepted-documents-title">{t('order.documents')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('order.documentsAccepted', {
              date: formatDate(agreement.accepted_at, i18n.resolvedLanguage ?? 'tr'),
              version: agreement.version,
            })}
          </Typography>
          <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {agreement.text}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('checkout.closeDocument')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
