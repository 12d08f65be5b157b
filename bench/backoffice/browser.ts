/** Debian's chromium, never a downloaded browser (the brief's flags). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Session keys the storefront writes after sign-in (packages/contracts/src/session.ts STORAGE_KEYS). */
export const SESSION_KEYS = { token: 'token', user: 'user', locale: 'i18nextLng', theme: 'theme' };

/** An init script that puts a signed-in session (and a language and theme) in localStorage before the app runs. */
export function signedInScript(
  session: { token: string; user: Record<string, unknown> },
  look: { locale: string; theme: string } = { locale: 'tr', theme: 'light' },
): string {
  return `(() => {
    if (location.origin === 'null') return;
    localStorage.setItem(${JSON.stringify(SESSION_KEYS.token)}, ${JSON.stringify(session.token)});
    localStorage.setItem(${JSON.stringify(SESSION_KEYS.user)}, ${JSON.stringify(JSON.stringify(session.user))});
    localStorage.setItem(${JSON.stringify(SESSION_KEYS.locale)}, ${JSON.stringify(look.locale)});
    localStorage.setItem(${JSON.stringify(SESSION_KEYS.theme)}, ${JSON.stringify(look.theme)});
  })();`;
}
