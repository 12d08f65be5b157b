/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_LOOKUPS } from '@esim/contracts';
import { startStorefrontSystem, type StorefrontSystem } from './storefront-system';
import { expectImagesDrawn } from './images';

/**
 * The storefront in Debian chromium against the gateway serving the production build with the
 * real back end. The checkout and balance-check flows need the esim service.
 */
let shop: StorefrontSystem;
beforeAll(async () => {
  shop = await startStorefrontSystem();
}, 240_000);
afterAll(async () => shop?.stop());

async function open(path: string, options: { width?: number; height?: number; lng?: 'tr' | 'en' } = {}): Promise<Page> {
  const context = await shop.browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 800 },
    locale: options.lng === 'en' ? 'en-GB' : 'tr-TR',
  });
  const page = await context.newPage();
  await page.goto(`${shop.baseUrl}${path}`, { waitUntil: 'networkidle' });
  return page;
}

describe('storefront in a browser', () => {
  it('a new visitor registers and is signed in at once: without a return address, to the customer area', async () => {
    const page = await open('/register');
    const email = `gezgin${Date.now()}@example.com`;
    await page.fill('input[name="full_name"]', 'Yeni Gezgin');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'Uzun-Gizli-Parola-2026');
    await page.fill('input[name="confirm"]', 'Uzun-Gizli-Parola-2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).click();
    await page.waitForURL('**/dashboard**', { timeout: 10_000 });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(email);
    await page.context().close();
  });

  it('the demo account buys the US Standard package and sees its QR code', async () => {
    const page = await open('/packages/united-states');
    await page.getByRole('button', { name: /Hemen Satın Al: .*Standart|Hemen Satın Al: .*Standard/ }).click();
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Demo hesabıyla dene' }).click();
    await page.getByRole('dialog').getByText('Satın Alma Onayı').waitFor();
    await page.getByRole('dialog').getByText(/24,99/).first().waitFor();
    // The law's two documents, filled in for a purchase the balance pays, are accepted before buying.
    const buy = page.getByRole('dialog').getByRole('button', { name: 'Satın Al', exact: true });
    expect(await buy.isEnabled()).toBe(false);
    await page
      .getByRole('dialog')
      .getByRole('checkbox', { name: /okudum, kabul ediyorum/ })
      .check();
    await buy.click();
    await page.waitForURL('**/order/**');
    const qr = page.getByRole('img', { name: /eSIM QR kodu/ });
    await expectImagesDrawn(qr, 20_000);
    await page.getByText('SM-DP+ adresi', { exact: true }).waitFor();
    // Never used yet: ready to install, with the steps.
    expect(await page.getByTestId('esim-status').textContent()).toBe('Kuruluma hazır');
    await page.getByRole('heading', { name: 'eSIM’inizi kurun' }).waitFor();
    // The documents accepted are kept with the order and open again from its page.
    await page.getByRole('button', { name: 'Sözleşme belgeleri' }).click();
    const documents = page.getByRole('dialog', { name: 'Sözleşme belgeleri' });
    await documents.getByText(/MESAFELİ SATIŞ SÖZLEŞMESİ/).waitFor();
    expect(await documents.textContent()).toMatch(/24,99\s€ ön ödemeli bakiyeden; teslimat ücreti yoktur/);
    await page.context().close();
  });

  it('the balance check finds a seeded order number', async () => {
    const page = await open('/balance');
    await page.fill('input[autocomplete="off"]', DEMO_LOOKUPS.esimOrderNumbers.active.toLowerCase());
    await page.getByRole('button', { name: 'Sorgula' }).click();
    await page.getByTestId('status-badge').waitFor();
    expect(await page.getByTestId('status-badge').textContent()).toBe('Aktif');
    await page.getByText('Demo verisi').waitFor();
    await page.context().close();
  });

  it('the language switch turns the visible texts to English and back', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Seyahatiniz için eSIM' }).waitFor();
    await page.getByRole('button', { name: /^Dil: / }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'eSIM for Your Trip' }).waitFor();
    // The footer's and the country names' English texts load a moment after the heading's: wait for them, then check.
    await page.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    const turkishLeft = async () => {
      const text = await page.locator('body').innerText();
      return [
        'Paketleri Görüntüle',
        'Popüler Destinasyonlar',
        'Nasıl Çalışır?',
        'Giriş Yap',
        'Gizlilik Politikası',
      ].filter((turkish) => text.includes(turkish));
    };
    await expect.poll(turkishLeft, { timeout: 10_000 }).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: /^Language: / }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    await page.getByRole('heading', { name: 'Seyahatiniz için eSIM' }).waitFor();
    await page.context().close();
  });

  it('/coverage selects Turkey from the list, and a second click deselects it', async () => {
    const page = await open('/coverage');
    await page.fill('input[type="text"]', 'Türk');
    const turkey = page.getByRole('button', { name: /Türkiye/ });
    await turkey.click();
    await page.locator('.leaflet-popup').getByText('Türkiye').waitFor();
    expect(await turkey.getAttribute('aria-pressed')).toBe('true');
    await turkey.click();
    expect(await turkey.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('path.leaflet-interactive').count()).toBeGreaterThan(150);
    await page.context().close();
  });

  it('prerendered pages are hydrated in both languages: their HTML is kept and the console shows no error', async () => {
    for (const [locale, heading] of [
      ['tr-TR', 'Amerika Birleşik Devletleri eSIM Paketleri'],
      ['en-GB', 'United States eSIM Packages'],
    ] as const) {
      for (const path of ['/', '/packages/united-states', '/faq']) {
        const context = await shop.browser.newContext({ locale, viewport: { width: 390, height: 844 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
        page.on('pageerror', (error) => errors.push(error.message));
        // The heading as the HTML has it, before any script runs: hydration keeps that very element.
        await page.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive')
              (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('#root h1');
          });
        });
        const response = await page.goto(`${shop.baseUrl}${path}`, { waitUntil: 'networkidle' });
        expect(await response!.text()).toContain(`data-lang="${locale.slice(0, 2)}"`);
        if (path === '/packages/united-states') await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('button', { name: locale === 'tr-TR' ? 'Dil: Türkçe' : 'Language: English' }).waitFor();
        const kept = await page.evaluate(() => {
          const prerendered = (window as unknown as { prerendered: Element | null }).prerendered;
          // React marks the elements it owns: the HTML's heading has become part of the app.
          return (
            !!prerendered &&
            prerendered === document.querySelector('#root h1') &&
            Object.keys(prerendered).some((key) => key.startsWith('__reactFiber'))
          );
        });
        expect(kept, `${locale} ${path}`).toBe(true);
        expect(errors, `${locale} ${path}`).toEqual([]);
        // Every page names the shop's icon (else browsers ask for /favicon.ico, a 404), and it is served.
        const icon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href);
        const iconResponse = await page.request.get(icon ?? `${shop.baseUrl}/favicon.ico`);
        expect([iconResponse.status(), iconResponse.headers()['content-type']], `${locale} ${path}`).toEqual([
          200,
          'image/png',
        ]);
        await context.close();
      }
    }
  });

  it('a prerendered form is inert until the app has started (nothing typed is lost, nothing sent with its fields in the URL), then sends through the app', async () => {
    const context = await shop.browser.newContext({ locale: 'tr-TR', viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    // Hold the app's entry script back: the visitor meets the prerendered HTML alone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const posted: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posted.push(new URL(request.url()).pathname));
    await page.goto(`${shop.baseUrl}/contact`, { waitUntil: 'domcontentloaded' });
    await page.locator('input[name="full_name"]').waitFor();
    expect(await page.evaluate(() => document.querySelector<HTMLFormElement>('#root form')?.inert)).toBe(true);
    await page.locator('form button[type="submit"]').click({ force: true });
    await page.keyboard.type('x');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${shop.baseUrl}/contact`);
    expect(posted).toEqual([]);

    release();
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLFormElement>('#root form')?.inert), {
        timeout: 15_000,
      })
      .toBe(false);
    await page.fill('input[name="full_name"]', 'Erken Ziyaretçi');
    await page.fill('input[name="email"]', 'erken@example.com');
    await page.fill('input[name="subject"]', 'Önce gelen');
    await page.fill('textarea[name="message"]', 'Uygulama yüklendikten sonra gönderilen mesaj.');
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => posted, { timeout: 15_000 }).toContain('/api/messages/contact');
    expect(page.url()).toBe(`${shop.baseUrl}/contact`);
    await context.close();
  });

  it('the start-up chunk is marked for eager compilation, first thing in the file (V8 reads the hint before the functions it covers)', async () => {
    const page = await open('/packages');
    const starts = await page.evaluate(() =>
      (document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.preload ?? '').split(' '),
    );
    const start = starts.find((file) => /\/assets\/start-[^/]+\.js$/.test(file));
    expect(start, starts.join(' ')).toBeDefined();
    const source = await (await page.request.get(`${shop.baseUrl}${start}`)).text();
    expect(source.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    await page.context().close();
  });

  it('the top bar turns white once the page has scrolled past 20 px, and back at the top', async () => {
    const page = await open('/packages', { width: 390, height: 844 });
    const background = () => page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor);
    const atTop = await background();
    await page.mouse.wheel(0, 400);
    await expect.poll(background, { timeout: 5000 }).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(background, { timeout: 5000 }).toBe(atTop);
    expect(atTop).not.toBe('rgb(255, 255, 255)');
    await page.context().close();
  });

  it('a Czech traveller finds the Europe plan from /packages and from the map; an unknown path answers 404', async () => {
    const page = await open('/packages', { width: 390, height: 844 });
    // The first countries show; the rest wait behind "show all", in the page but not laid out.
    const denmark = page.getByRole('link', { name: /Danimarka/, includeHidden: true });
    expect(await denmark.count()).toBe(1);
    expect(await denmark.isVisible()).toBe(false);
    await page.getByText(/Tüm ülkeleri göster \(\d+\)/).click();
    await denmark.waitFor();
    await page.getByText('Daha az ülke göster').click();
    await denmark.waitFor({ state: 'hidden' });
    await page.getByLabel('Ülke ara').fill('Çek');
    const czechia = page.getByRole('link', { name: /Çekya/ });
    // Its flag is the build's PNG, loaded.
    const flag = czechia.locator('img');
    expect(await flag.getAttribute('src')).toBe('/flags/cz.png');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    await czechia.click();
    await page.waitForURL('**/packages/czechia');
    await page.getByRole('heading', { name: 'Çekya için bölgesel ve global paketler' }).waitFor();
    // On a phone the row names its plan, beside days, data and price.
    await page.getByTestId('package-name-phone').filter({ hasText: 'Avrupa 15 Gün' }).waitFor();
    expect(await page.getByRole('button', { name: 'Hemen Satın Al: Avrupa 15 Gün' }).isEnabled()).toBe(true);

    await page.goto(`${shop.baseUrl}/coverage`, { waitUntil: 'networkidle' });
    await page.getByLabel('Ülke ara').fill('Czech');
    const row = page.getByRole('button', { name: /Çekya/ });
    expect(await row.textContent()).toContain('Kapsanıyor');
    await row.click();
    await page.getByRole('link', { name: 'Paketleri gör' }).click();
    await page.waitForURL('**/packages/czechia');
    await page.getByTestId('package-name-phone').filter({ hasText: 'Avrupa 15 Gün' }).waitFor();

    const missing = await page.goto(`${shop.baseUrl}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    expect((await page.goto(`${shop.baseUrl}/packages/united-states`))?.status()).toBe(200);
    await page.context().close();
  });

  it("a phone-sized viewport has no horizontal scroll on any public page, nor in a country page's package tables at 360 px", async () => {
    const { SITEMAP_PAGES } = await import('../../frontend/storefront/scripts/build-extras');
    const page = await open('/', { width: 390, height: 844 });
    const overflowing: string[] = [];
    for (const path of SITEMAP_PAGES) {
      await page.goto(`${shop.baseUrl}${path}`, { waitUntil: 'networkidle' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) overflowing.push(`${path} (${width}px)`);
    }
    expect(overflowing).toEqual([]);
    // A country's package tables fit a 360 px phone too, in both languages: no row to swipe sideways.
    await page.setViewportSize({ width: 360, height: 780 });
    for (const lng of ['tr', 'en']) {
      await page.goto(`${shop.baseUrl}/packages/united-states?lng=${lng}`, { waitUntil: 'networkidle' });
      const hiddenWidths = await page.evaluate(() =>
        [...document.querySelectorAll('.MuiTableContainer-root')].map((table) => table.scrollWidth - table.clientWidth),
      );
      expect(hiddenWidths.length, lng).toBe(2);
      expect(hiddenWidths, lng).toEqual([0, 0]);
    }
    await page.context().close();
  });
});
