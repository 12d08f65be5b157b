import { STORAGE_KEYS } from '@esim/contracts';

/**
 * The visitor's cookie choice (KVKK): until they choose, only what the site needs to work is kept
 * on the device, and the choices they make on the site (language, theme) last for this visit
 * only; with their consent to preference cookies those choices are remembered across visits.
 * The choice itself is necessary storage: without it the banner would ask on every page.
 */
export const CONSENT_KEY = 'cookie_preferences';
/** Fired on window when the choice is made or changed. */
export const CONSENT_EVENT = 'cookie-consent';
/** The cookie the gateway reads to send a page prerendered in the visitor's language. */
export const LANGUAGE_COOKIE = 'i18next';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
/** What preference cookies keep: the visitor's own language and theme choices. */
const PREFERENCE_KEYS = [STORAGE_KEYS.language, STORAGE_KEYS.theme] as const;

export interface CookieConsent {
  /** Remember language and theme across visits. */
  preferences: boolean;
  decided_at: string;
}

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage blocked (private mode, policies): choices last as long as the page.
    return undefined;
  }
}

/** The visitor's choice, or null while they have not chosen. */
export function readConsent(): CookieConsent | null {
  try {
    const stored = JSON.parse(storage('local')?.getItem(CONSENT_KEY) ?? 'null') as Partial<CookieConsent> | null;
    return stored && typeof stored.preferences === 'boolean'
      ? { preferences: stored.preferences, decided_at: String(stored.decided_at ?? '') }
      : null;
  } catch {
    return null;
  }
}

export const allowsPreferences = () => readConsent()?.preferences === true;

/** A preference choice (language, theme): remembered across visits with consent, else for this visit. */
export function readPreference(key: string): string | null {
  return storage('local')?.getItem(key) ?? storage('session')?.getItem(key) ?? null;
}

export function writePreference(key: string, value: string): void {
  const [keep, drop] = allowsPreferences() ? (['local', 'session'] as const) : (['session', 'local'] as const);
  try {
    storage(keep)?.setItem(key, value);
    storage(drop)?.removeItem(key);
  } catch {
    /* storage full or blocked: the choice lasts this page */
  }
}

/** The language cookie: for a year with consent, else until the browser closes (the gateway still needs it during the visit). */
export function writeLanguageCookie(lng: string): void {
  const lifetime = allowsPreferences() ? `; max-age=${YEAR_SECONDS}` : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; path=/${lifetime}; samesite=lax`;
}

/** Forgets a language choice (cookie and storage): the browser's own language needs none. */
export function clearLanguageChoice(): void {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  try {
    storage('session')?.removeItem(STORAGE_KEYS.language);
    storage('local')?.removeItem(STORAGE_KEYS.language);
  } catch {
    /* blocked: nothing was stored */
  }
}

/**
 * Moves the stored choices where the consent says they belong: to local storage and a year-long
 * cookie when preferences are allowed, back to this visit's storage when not (or not decided).
 */
export function applyConsent(): void {
  const allowed = allowsPreferences();
  const [from, to] = allowed ? (['session', 'local'] as const) : (['local', 'session'] as const);
  for (const key of PREFERENCE_KEYS) {
    const value = storage(from)?.getItem(key);
    if (value === null || value === undefined) continue;
    try {
      storage(to)?.setItem(key, value);
      storage(from)?.removeItem(key);
    } catch {
      /* blocked: left where it is */
    }
  }
  const language = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  if (language) writeLanguageCookie(decodeURIComponent(language));
}

/** Records the visitor's choice and applies it at once. */
export function saveConsent(choice: { preferences: boolean }): CookieConsent {
  const consent: CookieConsent = { preferences: choice.preferences, decided_at: new Date().toISOString() };
  try {
    storage('local')?.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {
    /* blocked: the banner asks again next time */
  }
  applyConsent();
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
  return consent;
}
