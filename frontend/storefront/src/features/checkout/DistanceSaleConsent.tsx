import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DistanceSaleDocuments } from '@esim/contracts';

type Shown = 'preInformation' | 'contract' | null;

/**
 * The pre-information form and the distance sales contract, each one tap away, and the box the
 * buyer ticks to accept both before paying: the law asks for both to be seen before the payment.
 */
export function DistanceSaleConsent({
  documents,
  accepted,
  onChange,
  disabled,
  compact,
  sx,
}: {
  documents: DistanceSaleDocuments;
  accepted: boolean;
  onChange(accepted: boolean): void;
  disabled?: boolean;
  /** Two small links on one line and a small box: the checkout's sticky footer, where a phone has little room. */
  compact?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('shop');
  const [shown, setShown] = useState<Shown>(null);
  const titles = { preInformation: t('checkout.preInformation'), contract: t('checkout.contract') };
  return (
    <Box sx={[{ mt: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {compact ? (
        <Typography variant="body2" sx={{ fontSize: '0.8125rem', fontWeight: 500 }}>
          <Link component="button" type="button" onClick={() => setShown('preInformation')} sx={{ font: 'inherit' }}>
            {titles.preInformation}
          </Link>
          {' · '}
          <Link component="button" type="button" onClick={() => setShown('contract')} sx={{ font: 'inherit' }}>
            {titles.contract}
          </Link>
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="text" onClick={() => setShown('preInformation')} sx={{ px: 0.5 }}>
            {titles.preInformation}
          </Button>
          <Button size="small" variant="text" onClick={() => setShown('contract')} sx={{ px: 0.5 }}>
            {titles.contract}
          </Button>
        </Box>
      )}
      <FormControlLabel
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => onChange(event.target.checked)}
            disabled={disabled}
            size={compact ? 'small' : 'medium'}
          />
        }
        label={<Typography variant="body2">{t('checkout.acceptDocuments')}</Typography>}
        sx={compact ? { mr: 0, mt: 0.5, alignItems: 'flex-start', '& .MuiCheckbox-root': { py: 0.25 } } : undefined}
      />
      <Dialog
        open={shown !== null}
        onClose={() => setShown(null)}
        fullWidth
        maxWidth="sm"
        scroll="paper"
        aria-labelledby="distance-sale-title"
      >
        <DialogTitle id="distance-sale-title">{shown ? titles[shown] : ''}</DialogTitle>
        <DialogContent dividers>
          <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {shown ? documents[shown] : ''}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{t('checkout.closeDocument')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
