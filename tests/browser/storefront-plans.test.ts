/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startStorefrontSystem, type StorefrontSystem } from './storefront-system';

/**
 * Plan details, the cookie banner and an unknown country's page in Debian chromium against the
 * real system (gateway serving the production build, the seeded catalog). Screenshots at phone and
 * desktop size, Turkish light and English dark, go to SHOTS_DIR (default /tmp/shots-plans).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-plans';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

let shop: StorefrontSystem;
beforeAll(async () => {
  shop = await startStorefrontSystem();
  mkdirSync(SHOTS_DIR, { recursive: true });
}, 240_000);
afterAll(async () => shop?.stop());

const TEXTS = {
  tr: {
    europe: 'Avrupa 15 Gün',
    details: 'Plan ayrıntıları: Avrupa 15 Gün',
    dialog: 'Avrupa 15 Gün: plan ayrıntıları',
    search: 'Kapsanan ülkelerde ara',
    czechia: 'Çekya',
    operatorsHere: 'Çekya operatörleriT-Mobile, O2',
    buy: 'Hemen Satın Al: Avrupa 15 Gün',
    login: 'Giriş Yap',
    showCountries: 'Ülkeleri ve operatörleri göster (40)',
    banner: 'Çerez tercihleriniz',
    necessaryOnly: 'Yalnızca zorunlu',
  },
  en: {
    europe: 'Europe 15 Days',
    details: 'Plan details: Europe 15 Days',
    dialog: 'Europe 15 Days: plan details',
    search: 'Search covered countries',
    czechia: 'Czechia',
    operatorsHere: 'Operators in CzechiaT-Mobile, O2',
    buy: 'Buy Now: Europe 15 Days',
    login: 'Log In',
    showCountries: 'Show countries and operators (40)',
    banner: 'Your cookie choices',
    necessaryOnly: 'Necessary only',
  },
} as const;
type Language = keyof typeof TEXTS;

async function newPage(lng: Language, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await shop.browser.newContext({
    viewport: PHONE,
    locale: lng === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme: scheme,
  });
  return context.newPage();
}

/** A screenshot at phone size and one at desktop size once transitions have ended; the page goes back to phone size. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-phone.png` });
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
}

const consentOf = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('cookie_preferences') ?? 'null') as { preferences: boolean } | null,
  );
const languageCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'i18next');

describe.each([
  ['tr', 'light'],
  ['en', 'dark'],
] as const)('plan details before buying (%s, %s)', (lng, scheme) => {
  const text = TEXTS[lng];

  it('a Czech traveller opens the Europe plan’s details from /packages and finds Czechia in its country list', async () => {
    const page = await newPage(lng, scheme);
    await page.goto(`${shop.baseUrl}/packages`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: text.banner }).waitFor();
    await page.getByRole('button', { name: text.details }).scrollIntoViewIfNeeded();
    await shoot(page, `packages-${lng}-${scheme}`);
    await page.getByRole('button', { name: text.necessaryOnly }).click();

    await page.getByRole('button', { name: text.details }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.waitFor();
    expect(await dialog.getByTestId('plan-facts').textContent()).toContain('5G');
    expect(await dialog.getByTestId('coverage-country').count()).toBe(40);
    await dialog.getByLabel(text.search).fill(lng === 'tr' ? 'Çek' : 'Czech');
    await expect.poll(() => dialog.getByTestId('coverage-country').count()).toBe(1);
    expect(await dialog.getByTestId('coverage-country').textContent()).toBe(`${text.czechia}T-Mobile, O2`);
    await shoot(page, `details-${lng}-${scheme}`);
    await page.context().close();
  });

  it('the country page’s rows name network and hotspot, their details the operators there, and the buy dialog the same details', async () => {
    const page = await newPage(lng, scheme);
    await page.goto(`${shop.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: text.necessaryOnly }).click();
    await page.fill('input[name="email"]', 'customer@esim.test');
    await page.fill('input[name="password"]', 'Demo1234!');
    await page.getByRole('button', { name: text.login, exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto(`${shop.baseUrl}/packages/czechia`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('package-row').filter({ hasText: text.europe });
    expect(await row.getByTestId('plan-summary').textContent()).toBe(
      lng === 'tr' ? '5G · Hotspot var' : '5G · Hotspot',
    );
    await shoot(page, `country-rows-${lng}-${scheme}`);
    await page.getByRole('button', { name: text.details }).click();
    const details = page.getByRole('dialog', { name: text.dialog });
    expect(await details.getByTestId('plan-facts').textContent()).toContain(text.operatorsHere);
    await details.getByRole('button', { name: lng === 'tr' ? 'Kapat' : 'Close' }).click();
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: text.buy }).click();
    const buy = page.getByRole('dialog').filter({ has: page.getByTestId('plan-facts') });
    expect(await buy.getByTestId('plan-facts').textContent()).toContain(text.operatorsHere);
    await buy.getByRole('button', { name: text.showCountries }).click();
    await buy.getByLabel(text.search).fill(lng === 'tr' ? 'çek' : 'czech');
    await expect
      .poll(() => buy.getByTestId('coverage-country').allTextContents())
      .toEqual([`${text.czechia}T-Mobile, O2`]);
    await shoot(page, `buy-${lng}-${scheme}`);
    await page.context().close();
  });
});

describe('the cookie banner', () => {
  it('keeps the choice across a reload; preference cookies only once allowed, changeable on the cookies page', async () => {
    const page = await newPage('tr', 'light');
    const context = page.context();
    const bannerCode: string[] = [];
    page.on(
      'request',
      (request) => /\/assets\/CookieBanner-[^/]+\.js$/.test(request.url()) && bannerCode.push(request.url()),
    );
    await page.goto(`${shop.baseUrl}/`, { waitUntil: 'networkidle' });
    const banner = page.getByRole('region', { name: 'Çerez tercihleriniz' });
    await banner.waitFor();
    // The boot file fetches the banner's code with the page's when it shows the banner, and only then.
    const listed = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.bannerPreload ?? '',
    );
    expect(listed).toMatch(/\/assets\/CookieBanner-[^/ ]+\.js/);
    expect(bannerCode).toHaveLength(1);
    await shoot(page, 'banner-tr-light');
    await page.getByRole('button', { name: 'Yalnızca zorunlu' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await consentOf(page)).toMatchObject({ preferences: false });

    // A language chosen without consent lasts the visit: a cookie without expiry, nothing in local storage.
    await page.getByRole('button', { name: /^Dil: / }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'eSIM for Your Trip' }).waitFor();
    expect((await languageCookie(context))?.expires).toBe(-1);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBeNull();

    bannerCode.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'eSIM for Your Trip' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your cookie choices' }).count()).toBe(0);
    expect(bannerCode).toEqual([]);

    // The cookies page's settings button changes the choice: the language is then kept for a year.
    await page.goto(`${shop.baseUrl}/cookies`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Cookie Settings' }).click();
    await page.getByRole('switch', { name: 'Preference cookies (language and theme remembered)' }).check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect.poll(() => consentOf(page)).toMatchObject({ preferences: true });
    expect((await languageCookie(context))!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByRole('region', { name: 'Your cookie choices' }).count()).toBe(0);

    // English dark, a first visit: the banner in the other language and mode.
    const dark = await newPage('en', 'dark');
    await dark.goto(`${shop.baseUrl}/`, { waitUntil: 'networkidle' });
    await dark.getByRole('region', { name: 'Your cookie choices' }).waitFor();
    await shoot(dark, 'banner-en-dark');
    await dark.context().close();
    await context.close();
  });
});

describe('an unknown country', () => {
  it('answers 404 with the not-found page, hydrated without an error', async () => {
    const page = await newPage('tr', 'light');
    const errors: string[] = [];
    page.on(
      'console',
      (message) => message.type() === 'error' && !message.text().includes('404') && errors.push(message.text()),
    );
    page.on('pageerror', (error) => errors.push(error.message));
    const answer = await page.goto(`${shop.baseUrl}/packages/no-such-country`, { waitUntil: 'networkidle' });
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Sayfa bulunamadı' }).waitFor();
    await page.getByRole('button', { name: /^Dil: / }).waitFor();
    expect(errors).toEqual([]);
    expect((await page.goto(`${shop.baseUrl}/packages/czechia`))?.status()).toBe(200);
    await page.context().close();
  });
});
