import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { saveConsent } from './consent';
import { COOKIE_BANNER_LAYER } from '../../ui/layers';

const CookieSettingsDialog = lazy(() => import('./CookieSettingsDialog'));

/**
 * Asks for the visitor's cookie choice, accepting and refusing alike one click away (KVKK's
 * guidance). It covers no dialog (below the modal layer), and the page gets room to scroll its
 * last lines above it.
 */
export function CookieBanner() {
  const { t } = useTranslation('legal');
  const [settings, setSettings] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const node = banner.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(node.offsetHeight));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <Box aria-hidden sx={{ height }} />
      <Paper
        ref={banner}
        component="section"
        role="region"
        aria-labelledby="cookie-banner-title"
        elevation={8}
        sx={(theme) => ({
          position: 'fixed',
          left: { xs: 8, sm: 16 },
          right: { xs: 8, sm: 16 },
          bottom: { xs: 8, sm: 16 },
          zIndex: theme.zIndex.appBar + COOKIE_BANNER_LAYER,
          maxWidth: 960,
          mx: 'auto',
          p: { xs: 1.5, sm: 2 },
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          gap: { xs: 1, md: 2 },
        })}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id="cookie-banner-title" component="h2" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
            {t('cookies.banner.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cookies.banner.text')}{' '}
            <Link component={RouterLink} to="/cookies">
              {t('cookies.banner.policy')}
            </Link>
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            justifyContent: { xs: 'stretch', md: 'flex-end' },
            '& > button': { flex: { xs: '1 1 auto', md: '0 0 auto' } },
          }}
        >
          <Button size="small" onClick={() => setSettings(true)}>
            {t('cookies.banner.settings')}
          </Button>
          <Button size="small" variant="contained" onClick={() => saveConsent({ preferences: false })}>
            {t('cookies.banner.reject')}
          </Button>
          <Button size="small" variant="contained" onClick={() => saveConsent({ preferences: true })}>
            {t('cookies.banner.accept')}
          </Button>
        </Box>
      </Paper>
      {settings && (
        <Suspense fallback={null}>
          <CookieSettingsDialog onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </>
  );
}

export default CookieBanner;
