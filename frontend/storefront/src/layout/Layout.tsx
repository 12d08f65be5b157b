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
import { hydratedPrerender } from './Island';
import { BrandSync } from '../lib/brand';

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

/**
 * The toast stack, mounted after the first render (it has no markup in a prerendered page). On a
 * hydrated prerendered page it waits for the visitor's first tap or key: there a toast only ever
 * answers something the visitor did (a form, a button), and its code is a task the start does without.
 */
function DeferredToasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    if (!hydratedPrerender()) return mount();
    const triggers = ['pointerdown', 'keydown'] as const;
    for (const type of triggers) window.addEventListener(type, mount, { capture: true, once: true });
    return () => {
      for (const type of triggers) window.removeEventListener(type, mount, { capture: true });
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

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
  return (
    <AuthProvider>
      <BrandSync />
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
      <DeferredToasts />
      <CookieConsentGate />
    </AuthProvider>
  );
}
