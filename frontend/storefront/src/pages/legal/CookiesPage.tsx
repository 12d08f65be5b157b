import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Seo } from '../../layout/Seo';
import { LegalPage, LegalSections } from './LegalPage';

export const COOKIE_PREFERENCES_KEY = 'cookie_preferences';

interface CookiePreferences {
  preferences: boolean;
  analytics: boolean;
}

export function readCookiePreferences(): CookiePreferences {
  try {
    const stored = JSON.parse(localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as CookiePreferences | null;
    return { preferences: stored?.preferences ?? true, analytics: stored?.analytics ?? false };
  } catch {
    return { preferences: true, analytics: false };
  }
}

export function CookieSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('legal');
  const [prefs, setPrefs] = useState(readCookiePreferences);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cookie-title">
      <DialogTitle id="cookie-title">{t('cookies.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <FormGroup>
          <FormControlLabel control={<Switch checked disabled />} label={t('cookies.necessary')} />
          <FormControlLabel control={<Switch checked={prefs.preferences} onChange={(e) => setPrefs((p) => ({ ...p, preferences: e.target.checked }))} />} label={t('cookies.preferences')} />
          <FormControlLabel control={<Switch checked={prefs.analytics} onChange={(e) => setPrefs((p) => ({ ...p, analytics: e.target.checked }))} />} label={t('cookies.analytics')} />
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(prefs));
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

export default function CookiesPage() {
  const { t } = useTranslation('legal');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Seo title={t('cookies.seo.title')} description={t('cookies.seo.description')} />
      <LegalPage title={t('cookies.title')}>
        <LegalSections sections={t('cookies.sections', { returnObjects: true }) as Array<{ title: string; text: string }>} />
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('cookies.settings')}
        </Button>
        {open && <CookieSettingsDialog open onClose={() => setOpen(false)} />}
      </LegalPage>
    </>
  );
}
