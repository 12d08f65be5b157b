import { lazy, memo, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthProvider } from '../auth/AuthContext';
import { hidesChrome } from '../auth/paths';
import { CookieConsentGate } from '../features/consent/CookieConsentGate';
import { ProgressBar } from './ProgressBar';
import { TopBar } from './TopBar';
import { lazyWhenVisible } from './whenVisible';

// Below the first screen or not on it: chunks of their own.
const Footer = lazyWhenVisible('footer', () => import('./Footer'));
const Toasts = lazy(() => import('./Toasts'));

/**
 * The footer, hydrated when it comes near the screen. Memoised: a new render of the layout must
 * not reach its boundary before then (React would drop the server markup to render it afresh).
 */
const DeferredFooter = memo(function DeferredFooter() {
  return (
    <div data-hydrate-when-visible="footer">
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
});

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** The public site's chrome around every page. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chrome = !hidesChrome(pathname);
  // The toast stack mounts after the first render (it has no markup in a prerendered page).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <AuthProvider>
      <ScrollToTop />
      <ProgressBar />
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 3000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('skipToContent')}
      </Box>
      {chrome && <TopBar />}
      <Box component="main" id="main" sx={{ pt: chrome ? { xs: 7, sm: 8 } : 0, minHeight: '70vh', overflowX: 'clip' }}>
        <Outlet />
      </Box>
      {chrome && <DeferredFooter />}
      {mounted && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <CookieConsentGate />
    </AuthProvider>
  );
}
