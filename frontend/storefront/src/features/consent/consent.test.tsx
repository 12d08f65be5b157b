import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@esim/contracts';
import { renderPage } from '../../test/render';
import CookiesPage from '../policy/CookiesPage';
import { languageDetector } from '../../i18n/detector';
import { CONSENT_KEY, readConsent, readPreference, saveConsent, writePreference } from './consent';
import { CookieConsentGate } from './CookieConsentGate';

const clearCookies = () => {
  for (const name of document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter(Boolean))
    document.cookie = `${name}=; path=/; max-age=0`;
};
beforeEach(clearCookies);
afterEach(clearCookies);

/** The browser's own languages, as navigator.languages gives them (and Accept-Language sends them). */
const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
afterEach(() => vi.restoreAllMocks());

describe('until the visitor chooses, only what the site needs is kept', () => {
  it('the browser’s own language is kept nowhere: no cookie, no storage', () => {
    browserLanguages(['tr-TR', 'tr']);
    languageDetector.cacheUserLanguage!('tr-TR');
    expect(document.cookie).not.toContain('i18next');
    expect(readPreference(STORAGE_KEYS.language)).toBeNull();
    // Chosen back after another one: the earlier choice is forgotten, not kept beside it.
    languageDetector.cacheUserLanguage!('en');
    expect(document.cookie).toContain('i18next=en');
    languageDetector.cacheUserLanguage!('tr');
    expect(document.cookie).not.toContain('i18next');
    expect(readPreference(STORAGE_KEYS.language)).toBeNull();
  });

  it('language and theme choices last this visit only: session storage, a session cookie; nothing in local storage', () => {
    browserLanguages(['tr-TR', 'tr']);
    writePreference(STORAGE_KEYS.theme, 'dark');
    languageDetector.cacheUserLanguage!('en');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(readPreference(STORAGE_KEYS.language)).toBe('en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('accepting preference cookies moves them to local storage; refusing later moves them back', () => {
    writePreference(STORAGE_KEYS.theme, 'dark');
    writePreference(STORAGE_KEYS.language, 'en');
    saveConsent({ preferences: true });
    expect(readConsent()).toMatchObject({ preferences: true });
    expect([localStorage.getItem(STORAGE_KEYS.theme), localStorage.getItem(STORAGE_KEYS.language)]).toEqual([
      'dark',
      'en',
    ]);
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    writePreference(STORAGE_KEYS.theme, 'light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');

    saveConsent({ preferences: false });
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toMatchObject({
      preferences: false,
      decided_at: expect.any(String),
    });
  });
});

describe('the cookie banner', () => {
  it('asks until the visitor chooses; "Necessary only" keeps the choice and the banner stays away', async () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark'); // stored before the banner existed
    const first = renderPage(<CookieConsentGate />);
    const banner = await screen.findByRole('region', { name: 'Çerez tercihleriniz' }, { timeout: 10_000 });
    expect(banner).toHaveTextContent('Analitik ya da reklam çerezi kullanmıyoruz.');
    // Nothing optional stays on the device before the choice.
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Yalnızca zorunlu' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Çerez tercihleriniz' })).not.toBeInTheDocument());
    expect(readConsent()).toMatchObject({ preferences: false });
    // The choice itself is all that local storage holds: no preference is kept across visits.
    expect(Object.keys(localStorage)).toEqual([CONSENT_KEY]);
    first.unmount();
    renderPage(<CookieConsentGate />);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Çerez tercihleriniz' })).not.toBeInTheDocument();
  });

  it('in English, "Accept" allows preference cookies', async () => {
    renderPage(<CookieConsentGate />, { lng: 'en' });
    await screen.findByRole('region', { name: 'Your cookie choices' }, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(readConsent()).toMatchObject({ preferences: true });
  });

  it('"Settings" opens the choices with preference cookies off until the visitor turns them on', async () => {
    renderPage(<CookieConsentGate />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ayarlar' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Çerez Tercihleri' }, { timeout: 10_000 });
    const preferences = screen.getByRole('switch', { name: 'Tercih çerezleri (dil ve tema hatırlanır)' });
    expect(preferences).not.toBeChecked();
    expect(dialog).toHaveTextContent('Analitik ve reklam çerezi kullanmıyoruz.');
    await userEvent.click(preferences);
    await userEvent.click(screen.getByRole('button', { name: 'Tercihleri Kaydet' }));
    expect(readConsent()).toMatchObject({ preferences: true });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Çerez tercihleriniz' })).not.toBeInTheDocument());
  });
});

describe('the cookies page', () => {
  it('its "Çerez Ayarları" button changes an earlier choice', async () => {
    saveConsent({ preferences: true });
    renderPage(<CookiesPage />, { path: '/cookies' });
    await userEvent.click(screen.getByRole('button', { name: 'Çerez Ayarları' }));
    const preferences = await screen.findByRole(
      'switch',
      { name: 'Tercih çerezleri (dil ve tema hatırlanır)' },
      { timeout: 10_000 },
    );
    expect(preferences).toBeChecked();
    await userEvent.click(preferences);
    await userEvent.click(screen.getByRole('button', { name: 'Tercihleri Kaydet' }));
    expect(readConsent()).toMatchObject({ preferences: false });
  });
});
