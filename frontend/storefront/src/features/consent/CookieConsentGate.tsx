import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { applyConsent, CONSENT_EVENT, readConsent } from './consent';

// A chunk of its own, outside the first load.
const CookieBanner = lazy(() => import('./CookieBanner'));

/**
 * Shows the cookie banner until the visitor chooses, and until then keeps any choice made on the
 * site to this visit. A prerendered page carries the banner hidden, and the boot file
 * (scripts/build-extras.ts) shows it at once to a visitor with no stored choice: it paints with
 * the page instead of seconds later, after the app has started. The first render in the browser
 * matches that markup; the stored choice then decides.
 */
export function CookieConsentGate() {
  const [undecided, setUndecided] = useState<boolean | null>(null);
  useEffect(() => {
    const check = () => setUndecided(readConsent() === null);
    if (readConsent() === null) applyConsent();
    check();
    window.addEventListener(CONSENT_EVENT, check);
    return () => window.removeEventListener(CONSENT_EVENT, check);
  }, []);
  // One element for every render: a new one would reach the banner's boundary while it waits for
  // its code, and React would drop the server markup to render it afresh.
  const banner = useMemo(
    () => (
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    ),
    [],
  );
  if (undecided === false) return null;
  return (
    <div data-cookie-banner="" hidden={undecided === null}>
      {banner}
    </div>
  );
}
