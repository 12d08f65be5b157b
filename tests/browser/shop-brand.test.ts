/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { freePort, startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The shop's brand lives in one place, in Debian's chromium against the real system: an admin
 * renames the shop on the back office's settings page, and from then on the storefront, the card
 * payment page, the next mail and the next receipt PDF carry the new name. Services keep the
 * identity up to 30 s, so the pages are read again until it arrives. The books are checked at the end.
 */
const BRAND = 'Martı Gezgin';
const IDENTITY_MAX_AGE_MS = 45_000;
const PASSWORD = 'Marka-Gezgin-Sifre-2026';

let system: ListeningSystem;
let browser: Browser;
let mail: MailCatcher;
const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL };

beforeAll(async () => {
  mail = await startMailCatcher();
  // Every service reads it while it is built: auth mails through the catcher.
  process.env.SMTP_URL = mail.smtpUrl;
  await Promise.all([ensureBuilt('backoffice'), ensureBuilt('storefront')]);
  // The gateway's address is the shop's public one: the card page and its callback lead back to it.
  const port = await freePort();
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
  system = await startSystem({ listen: { port } });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  await mail?.stop();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** Opens `url` again until `seen` finds the new brand on it (the services' copies of the identity age out). */
async function untilBranded(page: Page, url: string, seen: (page: Page) => Promise<boolean>): Promise<void> {
  await waitFor(
    async () => {
      await page.goto(url, { waitUntil: 'networkidle' });
      return (await seen(page)) || undefined;
    },
    { what: `${BRAND} on ${url}`, timeoutMs: IDENTITY_MAX_AGE_MS, intervalMs: 2_000 },
  ).catch(async (error: Error) => {
    const text = (await page.locator('body').innerText()).slice(-300);
    throw new Error(`${error.message}; the page's title: ${await page.title()}; its end: ${text}`);
  });
}

describe('the shop brand in one place', () => {
  it('renamed in the back office settings, it reaches the storefront, the card page, the next mail and the next receipt PDF', async () => {
    // The admin renames the shop; the back office's top bar follows at once.
    const admin = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
    await admin.addInitScript(signedInScript(await system.session('admin@esim.test')));
    const settings = await admin.newPage();
    await settings.goto(`${system.url}/dashboard/admin/shop-settings`);
    const brandField = settings.getByLabel('Marka adı', { exact: true });
    await brandField.waitFor({ timeout: 30_000 });
    const card = settings.locator('form', { has: brandField });
    await brandField.fill(BRAND);
    await card.getByRole('button', { name: 'Kaydet' }).click();
    await settings
      .getByTestId('brand-mark')
      .filter({ hasText: BRAND })
      .first()
      .waitFor({ state: 'attached', timeout: 15_000 });
    expect((await system.api('GET', '/public/shop')).body.data.brand.name).toBe(BRAND);

    // The storefront: the page title, the menu and the footer.
    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'tr-TR' });
    const storefront = await shopper.newPage();
    await untilBranded(storefront, `${system.url}/packages`, async (page) => (await page.title()).endsWith(BRAND));
    // The footer is drawn when it comes into view.
    await storefront.mouse.wheel(0, 20_000);
    await storefront.getByText(`${new Date().getFullYear()} ${BRAND}.`).waitFor({ timeout: 15_000 });

    // The card page names the shop as the merchant, then takes the card.
    const email = `marka-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await system.api('POST', '/register', { body: { full_name: 'Marka Gezgin', email, password: PASSWORD } }))
        .status,
    ).toBe(201);
    const token = await system.login(email, PASSWORD);
    const started = await system.api('POST', '/user/payments/card', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { amount: 30, return_path: '/balance' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const cardPage = await shopper.newPage();
    await untilBranded(cardPage, started.body.data.page_url as string, async (page) =>
      (await page.locator('.summary').first().innerText()).includes(BRAND),
    );
    expect(await cardPage.title()).toContain(BRAND);
    await cardPage.fill('#name', 'Marka Gezgin');
    await cardPage.fill('#number', '5528790000000008');
    await cardPage.fill('#expiry', '12/39');
    await cardPage.fill('#cvc', '123');
    await cardPage.getByRole('button', { name: /öde$/ }).click();
    await cardPage.getByRole('button', { name: 'Ödemeyi onayla' }).click();
    await waitFor(
      async () =>
        (await system.api('GET', `/user/payments/${started.body.data.id}`, { token })).body.data.status === 'paid' ||
        undefined,
      { what: 'the card payment paid', timeoutMs: 15_000 },
    );

    // A purchase from the balance: its receipt mail and the PDF in it carry the new brand.
    const us = await system.api('GET', '/public/countries/united-states/packages');
    const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB') as { id: string };
    const bought = await system.api('POST', '/user/packages/buy', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { package_id: starter.id, quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const orderNumber = bought.body.data.order_number as string;
    const receipt = await waitFor(
      async () =>
        (await mail.messages()).find((m) => m.to.includes(email) && m.subject.includes(orderNumber)) ?? undefined,
      { what: 'the receipt mail', timeoutMs: 20_000 },
    );
    expect(receipt.text).toContain(BRAND);
    expect(receipt.html).toContain(BRAND);
    const pdf = receipt.attachments.find((a) => a.contentType === 'application/pdf')!;
    const bytes = new Uint8Array(await (await fetch(pdf.url)).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(BRAND);

    const books = await verifyBooks();
    expect(books.ok, formatBooksReport(books)).toBe(true);
    await admin.close();
    await shopper.close();
  }, 240_000);
});
