/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import type { Knex } from 'knex';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { freePort, startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';
import { customerWithUsEsim, necessaryCookiesOnly } from './storefront-steps';

/**
 * Honest eSIM states in Debian chromium against the real system (every service, the gateway
 * serving both production builds, the demo card provider): a customer who just bought an eSIM finds
 * it on their home as ready to install, its order page is headed by the plan's country and says why
 * it takes no top-up yet; a card deposit abandoned on the card page reads "Süresi doldu" once its
 * time is up, never "Beklemede"; the public balance check answers the eSIM's ICCID as it answers
 * an order number, an unknown ICCID as an unknown number, within the same rate limit. Turkish in
 * light and English in dark; screenshots at phone and desktop size go to SHOTS_DIR (default /tmp/shots38c).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots38c';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Look = { language: 'tr' | 'en'; theme: 'light' | 'dark' };
const LOOKS: Look[] = [
  { language: 'tr', theme: 'light' },
  { language: 'en', theme: 'dark' },
];
const TEXTS = {
  tr: {
    title: 'Amerika Birleşik Devletleri 3 GB · 7 gün',
    ready: 'Kuruluma hazır',
    card: 'eSIM’leriniz',
    notInstalled: 'Bu eSIM henüz kullanılmadı: ilk paketiniz kullanılmaya başlayınca paket yükleyebilirsiniz',
    pay: /kartla öde$/,
    pendingPayment: 'Bekliyor',
    pendingDeposit: 'Beklemede',
    expired: 'Süresi doldu',
    expiredHint: 'Ödeme zamanında tamamlanmadı. Kartınızdan çekim yapıldıysa tutar bakiyenize otomatik eklenir.',
    query: 'Sorgula',
    number: 'Sipariş numarası veya ICCID',
    notFound: 'Bakiye bilgileri bulunamadı',
    badIccid: 'Geçersiz ICCID formatı',
    country: 'Amerika Birleşik Devletleri',
  },
  en: {
    title: 'United States 3 GB · 7 days',
    ready: 'Ready to install',
    card: 'Your eSIMs',
    notInstalled: 'This eSIM has not been used yet: you can top it up once its first package is in use',
    pay: /^Pay .* by card$/,
    pendingPayment: 'Pending',
    pendingDeposit: 'Pending',
    expired: 'Expired',
    expiredHint:
      'The payment was not completed in time. If your card was charged, the amount is added to your balance automatically.',
    query: 'Check',
    number: 'Order number or ICCID',
    notFound: 'Balance information not found',
    badIccid: 'Invalid ICCID format',
    country: 'United States',
  },
} as const;

let system: ListeningSystem;
let browser: Browser;
let admin: string;
type Customer = Awaited<ReturnType<typeof customerWithUsEsim>>;
const customers = new Map<Look['language'], Customer>();

beforeAll(async () => {
  await Promise.all([ensureBuilt('backoffice'), ensureBuilt('storefront')]);
  // The gateway's address is the shop's public one: the card page and its callback lead back to it.
  const port = await freePort();
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
  system = await startSystem({ listen: { port } });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  admin = await system.login('admin@esim.test');
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const { language } of LOOKS)
    customers.set(
      language,
      await customerWithUsEsim(system, admin, { name: 'Yeni Gezgin', emailPrefix: `durum-${language}`, euros: 40 }),
    );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
  delete process.env.PUBLIC_BASE_URL;
});

/** A signed-in browser of the customer in a look: the back office reads the stored language and theme, the storefront the browser's. */
async function contextOf(customer: Customer, look: Look): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: look.language === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme: look.theme,
  });
  const session = await system.session(customer.email, 'Uzun-Gizli-Parola-2026');
  await context.addInitScript(signedInScript(session, { locale: look.language, theme: look.theme }));
  return context;
}

/** A screenshot at phone size and one at desktop size, once what moves has settled. */
async function shoot(page: Page, name: string) {
  await necessaryCookiesOnly(page);
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

const balanceDb = () => (system.services.balance as unknown as { db: Knex }).db;

describe('honest eSIM states in the browser', () => {
  for (const look of LOOKS) {
    const t = TEXTS[look.language];
    const name = `${look.language}-${look.theme}`;

    it(`${name}: a newly bought eSIM is on the home as ready to install, its order page names its country and why no top-up yet`, async () => {
      const customer = customers.get(look.language)!;
      const context = await contextOf(customer, look);
      const page = await context.newPage();
      await page.goto(`${system.url}/dashboard`);
      const card = page.getByTestId('home-esims');
      await card.getByText(t.card).waitFor();
      const row = card.getByTestId('home-esim');
      await row.first().waitFor({ timeout: 30_000 });
      expect(await row.count()).toBe(1);
      expect(await row.innerText()).toContain(t.title);
      expect(await row.innerText()).toContain(t.ready);
      await shoot(page, `a-home-${name}`);

      // The storefront's order page: headed by the plan, and the top-up section says why it takes none yet.
      await page.goto(`${system.url}/order/${customer.order.id}${look.language === 'en' ? '?lng=en' : ''}`);
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor({ timeout: 30_000 });
      await page.getByTestId('top-up-refusal').waitFor();
      expect(await page.getByTestId('top-up-refusal').innerText()).toBe(t.notInstalled);
      expect(await page.getByTestId('esim-status').first().innerText()).toBe(t.ready);
      await shoot(page, `b-order-${name}`);
      await context.close();
    });

    it(`${name}: a card deposit abandoned on the card page reads expired once its time is up, and moved no money`, async () => {
      const customer = customers.get(look.language)!;
      const before = (await system.api('GET', '/user/balance', { token: customer.token })).body.data;
      const context = await contextOf(customer, look);
      const page = await context.newPage();
      await page.goto(`${system.url}/dashboard/balance`);
      await page.locator('input[name="card-amount"]').fill('15');
      await page.getByRole('button', { name: t.pay }).click();
      // The card page opens; the buyer leaves it without paying.
      await page.waitForURL('**/api/payments/demo/**');
      await page.locator('#name').waitFor();
      await page.goto(`${system.url}/dashboard/balance`);
      const payments = (await system.api('GET', '/user/payments', { token: customer.token })).body.data as Array<{
        id: string;
        deposit_id: string;
        status: string;
      }>;
      const payment = payments[0]!;
      expect(payment.status).toBe('pending');
      await page.getByText(t.pendingPayment, { exact: true }).first().waitFor({ timeout: 30_000 });

      // Half an hour passes: the poll loop, which asks the card provider and finds nothing paid, expires it.
      await balanceDb()
        .table('payments')
        .where({ id: payment.id })
        .update({ created_at: new Date(Date.now() - 31 * 60_000), next_check_at: new Date() });
      await balanceDb()
        .table('deposits')
        .where({ id: payment.deposit_id })
        .update({ created_at: new Date(Date.now() - 31 * 60_000) });
      await expect
        .poll(
          async () =>
            (
              (await system.api('GET', `/user/payments/${payment.id}`, { token: customer.token })).body.data as {
                status: string;
              }
            ).status,
          { timeout: 20_000, interval: 500 },
        )
        .toBe('expired');
      await page.reload();
      await page.getByText(t.expiredHint).first().waitFor({ timeout: 30_000 });
      expect(await page.getByText(t.expired, { exact: true }).count()).toBeGreaterThanOrEqual(2);
      // Neither the card payment nor its deposit request still reads pending.
      const deposits = (await system.api('GET', '/user/balance/deposits', { token: customer.token })).body
        .data as Array<{
        id: string;
        status: string;
      }>;
      expect(deposits.find((deposit) => deposit.id === payment.deposit_id)?.status).toBe('expired');
      expect(await page.getByText(t.pendingDeposit, { exact: true }).count()).toBe(0);
      await shoot(page, `c-balance-${name}`);
      const after = (await system.api('GET', '/user/balance', { token: customer.token })).body.data;
      expect(after.balance_cents).toBe(before.balance_cents);
      await context.close();
    });

    it(`${name}: the public balance check takes the eSIM's ICCID, and an unknown one reads not found`, async () => {
      const customer = customers.get(look.language)!;
      const context = await browser.newContext({
        viewport: PHONE,
        locale: look.language === 'en' ? 'en-GB' : 'tr-TR',
        colorScheme: look.theme,
      });
      const page = await context.newPage();
      await page.goto(`${system.url}/balance${look.language === 'en' ? '?lng=en' : ''}`);
      const input = page.getByLabel(t.number);
      // As printed on a card or read from the phone: in groups.
      await input.fill(customer.esim.iccid.replace(/(\d{4})(?=\d)/g, '$1 '));
      await page.getByRole('button', { name: t.query, exact: true }).click();
      await page.getByRole('heading', { name: t.title }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('status-badge').innerText()).toBe(t.ready);
      const body = await page.locator('main').innerText();
      expect(body).toContain(customer.esim.iccid);
      expect(body).toContain(t.country);
      // The ICCID does not give away its order's number.
      expect(body).not.toContain(customer.order.order_number);
      await shoot(page, `e-balance-check-${name}`);

      await input.fill('89900123456789012342');
      await page.getByRole('button', { name: t.query, exact: true }).click();
      await page.getByText(t.notFound).first().waitFor();
      expect(await page.getByRole('heading', { name: t.title }).count()).toBe(0);
      await input.fill('8990012345678901232');
      await page.getByRole('button', { name: t.query, exact: true }).click();
      await page.getByText(t.badIccid).first().waitFor();
      await shoot(page, `e-balance-check-refused-${name}`);
      await context.close();
    });
  }

  it('ICCIDs and order numbers share one rate limit and one not-found answer', async () => {
    const customer = customers.get('tr')!;
    const from = '203.0.113.38';
    const ask = (number: string) => system.api('GET', `/public/balance/esim/${number}`, { remoteAddress: from });
    const known = await ask(customer.esim.iccid);
    expect(known.status).toBe(200);
    const [unknownIccid, unknownNumber] = await Promise.all([ask('89900123456789012342'), ask('ZZZZZZZZZZZZ')]);
    expect(unknownIccid.status).toBe(404);
    expect(unknownIccid.body).toEqual(unknownNumber.body);
    // The public lookups' limit (30 a minute from one address) counts both kinds together.
    let answered = 3;
    while (answered < 30) {
      await ask(answered % 2 ? customer.order.order_number : customer.esim.iccid);
      answered += 1;
    }
    expect((await ask(customer.esim.iccid)).status).toBe(429);
    expect((await ask(customer.order.order_number)).status).toBe(429);

    const books = await verifyBooks();
    expect(books.ok, formatBooksReport(books)).toBe(true);
  });
});
