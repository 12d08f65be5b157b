import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Seo } from '../../layout/Seo';
import { LegalPage, LegalSections } from './LegalPage';

const CookieSettingsDialog = lazy(() => import('../consent/CookieSettingsDialog'));

/** The cookie policy, with the settings button that changes the visitor's choice at any time. */
export default function CookiesPage() {
  const { t } = useTranslation('legal');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Seo title={t('cookies.seo.title')} description={t('cookies.seo.description')} />
      <LegalPage title={t('cookies.title')}>
        <LegalSections
          sections={t('cookies.sections', { returnObjects: true }) as Array<{ title: string; text: string }>}
        />
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('cookies.settings')}
        </Button>
        {open && (
          <Suspense fallback={null}>
            <CookieSettingsDialog onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </LegalPage>
    </>
  );
}
