import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Flag } from '../ui/Flag';

export const FLAG_OF = { tr: 'tr', en: 'gb' } as const;
const LanguageMenu = lazy(() => import('./menus').then((m) => ({ default: m.LanguageMenu })));

/** English/Turkish with flags; the detector keeps the choice (across visits with consent to preference cookies). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const current = (i18n.resolvedLanguage ?? 'tr') as keyof typeof FLAG_OF;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => {
          setLoaded(true);
          setAnchor(e.currentTarget);
        }}
        aria-label={`${t('nav.language')}: ${t(`languages.${current}`)}`}
        aria-haspopup="menu"
        startIcon={<Flag code={FLAG_OF[current]} size={20} />}
        sx={{ minWidth: 0, px: 1 }}
      >
        {current.toUpperCase()}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
