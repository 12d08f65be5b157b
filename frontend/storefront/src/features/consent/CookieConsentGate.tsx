import { lazy, Suspense, useEffect, useState } from 'react';
import { applyConsent, CONSENT_EVENT, readConsent } from './consent';

// Only for a visitor who has not chosen yet: its code comes then.
const CookieBanner = lazy(() => import('./CookieBanner'));

/**
 * Shows the cookie banner until the visitor chooses (after the first render: a prerendered page
 * carries no banner, since the choice lives in the visitor's browser), and until then keeps any
 * choice made on the site to this visit.
 */
export function CookieConsentGate() {
  const [undecided, setUndecided] = useState(false);
  useEffect(() => {
    const check = () => setUndecided(readConsent() === null);
    if (readConsent() === null) applyConsent();
    check();
    window.addEventListener(CONSENT_EVENT, check);
    return () => window.removeEventListener(CONSENT_EVENT, check);
  }, []);
  return undecided ? (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  ) : null;
}
