import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { readConsent, saveConsent } from './consent';

/** The cookie settings: necessary ones always on, preference cookies as the visitor chooses (off until they do). */
export function CookieSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('legal');
  const [preferences, setPreferences] = useState(() => readConsent()?.preferences ?? false);
  return (
    <Dialog open onClose={onClose} aria-labelledby="cookie-title">
      <DialogTitle id="cookie-title">{t('cookies.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <FormGroup>
          <FormControlLabel control={<Switch checked disabled />} label={t('cookies.necessary')} />
          <FormControlLabel
            control={<Switch checked={preferences} onChange={(e) => setPreferences(e.target.checked)} />}
            label={t('cookies.preferences')}
          />
        </FormGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('cookies.noAnalytics')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            saveConsent({ preferences });
            toast.success(t('cookies.saved'));
            onClose();
          }}
        >
          {t('cookies.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default CookieSettingsDialog;
