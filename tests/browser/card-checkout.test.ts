/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@esim/contracts';
import { startStorefrontSystem, type StorefrontSystem } from './storefront-system';
import { expectImagesDrawn } from './images';

/**
 * Card checkout in Debian chromium against the real system: a new account with 0 € buys the US
 * Standard package by paying the rest on the demo provider's card page (iyzico's sandbox cards)
 * with its 3-D Secure step, on a phone-sized page. Screenshots of each step, at phone and desktop
 * size, go to SHOTS_DIR (default /tmp/shots-pay) for people to look at.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-pay';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 800 };
const PASSWORD = 'Uzun-Gizli-Parola-2026';

const TEXTS = {
  tr: {
    buy: /Hemen Satın Al: .*Standart/,
    login: 'Giriş Yap',
    payRest: /kartla öde$/,
    pay: /öde$/,
    secure: '3-D Secure doğrulaması',
    confirm: 'Ödemeyi onayla',
    qr: /eSIM QR kodu/,
    accept: /okudum, kabul ediyorum/,
    contract: 'Mesafeli Satış Sözleşmesi',
    close: 'Kapat',
    documents: 'Sözleşme belgeleri',
  },
  en: {
    buy: /Buy Now: .*Standard/,
    login: 'Log In',
    payRest: /^Pay .* by card$/,
    pay: /^Pay /,
    secure: '3-D Secure verification',
    confirm: 'Confirm payment',
    qr: /eSIM QR code/,
    accept: /I have read and accept/,
    contract: 'Distance sales contract',
    close: 'Close',
    documents: 'Contract documents',
  },
} as const;
type Language = keyof typeof TEXTS;

let shop: StorefrontSystem;
beforeAll(async () => {
  shop = await startStorefrontSystem();
  mkdirSync(SHOTS_DIR, { recursive: true });
}, 240_000);
afterAll(async () => shop?.stop());

/** A screenshot at phone size and one at desktop size; the page goes back to phone size. */
async function shoot(page: Page, name: string) {
  // Dialogs fade in: the picture is taken once every running transition has finished (or was cancelled).
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

/** A new retail account (0 € balance), signed in through the storefront on its way to buy the US Standard package. */
async function newBuyerAtCheckout(language: Language, colorScheme: 'light' | 'dark') {
  const email = `kart-${language}-${Date.now()}@example.com`;
  const registered = await shop.system.api('POST', '/register', {
    body: { full_name: 'Kart Gezgin', email, password: PASSWORD },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = await shop.system.login(email, PASSWORD);
  const context = await shop.browser.newContext({
    viewport: PHONE,
    locale: language === 'en' ? 'en-GB' : 'tr-TR',
    colorScheme,
  });
  const page = await context.newPage();
  // What went wrong in the page, told should the sign-in form not appear.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()}: ${response.url()}`),
  );
  const t = TEXTS[language];
  await page.goto(`${shop.baseUrl}/packages/united-states`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: t.buy }).first().click();
  await page.waitForURL('**/login');
  await page
    .locator('input[name="email"]')
    .waitFor({ timeout: 30_000 })
    .catch(async (error: Error) => {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      ).slice(0, 600);
      throw new Error(`${error.message}\nat ${page.url()}, the page reads: ${text}\n${problems.join('\n')}`);
    });
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', PASSWORD);
  await page.getByRole('button', { name: t.login, exact: true }).click();
  const payRest = page.getByRole('dialog').getByRole('button', { name: t.payRest });
  await payRest.waitFor({ timeout: 15_000 });
  return { page, token, payRest, t };
}

/** On the demo provider's card page: the card, then the 3-D Secure step confirmed. */
async function payOnCardPage(page: Page, t: (typeof TEXTS)[Language], number: string, shots: string | null) {
  await page.waitForURL('**/api/payments/demo/**');
  await page.locator('#name').waitFor();
  if (shots) await shoot(page, `${shots}-card-page`);
  await page.fill('#name', 'Kart Gezgin');
  await page.fill('#number', number);
  await page.fill('#expiry', '12/39');
  await page.fill('#cvc', '123');
  await page.getByRole('button', { name: t.pay }).click();
  await page.getByText(t.secure).first().waitFor();
  if (shots) await shoot(page, `${shots}-3ds`);
  await page.getByRole('button', { name: t.confirm }).click();
}

const balanceOf = async (token: string) =>
  (await shop.system.api('GET', '/user/balance', { token })).body.data as {
    balance_cents: number;
    available_cents: number;
  };
const ordersOf = async (token: string) =>
  (await shop.system.api('GET', '/user/esim/orders', { token })).body.data as Array<{ status: string }>;

describe('card checkout in a browser', () => {
  it('a new account with 0 € pays the US package by card 5528790000000008 after 3-D Secure on a phone and sees its QR', async () => {
    const { page, token, payRest, t } = await newBuyerAtCheckout('tr', 'light');
    expect(await balanceOf(token)).toMatchObject({ balance_cents: 0, available_cents: 0 });
    await shoot(page, 'tr-light-checkout-card-button');
    // The distance sales contract is shown filled in with this purchase, and accepted before paying.
    await page.getByRole('button', { name: t.contract }).click();
    const contract = page.getByRole('dialog', { name: t.contract });
    await contract.getByText(/MESAFELİ SATIŞ SÖZLEŞMESİ/).waitFor();
    expect(await contract.innerText()).toMatch(/Alıcı: Kart Gezgin, e-posta kart-tr-\d+@example\.com/);
    await shoot(page, 'tr-light-contract');
    await contract.getByRole('button', { name: t.close }).click();
    await contract.waitFor({ state: 'hidden' });
    expect(await payRest.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: t.accept }).check();
    await payRest.click();
    await payOnCardPage(page, t, '5528 7900 0000 0008', 'tr-light');

    await page.waitForURL('**/order/**', { timeout: 20_000 });
    const qr = page.getByRole('img', { name: t.qr });
    await expectImagesDrawn(qr, 20_000);
    await shoot(page, 'tr-light-order-qr');
    // Topped up by exactly the missing amount, then spent on the order: nothing left over, one order.
    expect(await balanceOf(token)).toMatchObject({ available_cents: 0 });
    const orders = await ordersOf(token);
    expect(orders.map((order) => order.status)).toEqual(['completed']);
    // The documents accepted before paying are kept with the order, with the card's share, and open again from its page.
    await page.getByRole('button', { name: t.documents }).click();
    const documents = page.getByRole('dialog', { name: t.documents });
    await documents.getByText(/MESAFELİ SATIŞ SÖZLEŞMESİ/).waitFor();
    expect(await documents.innerText()).toMatch(/Ödeme: [\d,]+\s€ kartla \(3-D Secure\)/);
    await shoot(page, 'tr-light-order-documents');
    const order = (
      await shop.system.api('GET', `/user/esim/orders/${(orders[0] as unknown as { id: string }).id}`, { token })
    ).body.data;
    expect(order.agreement.paid_by_card_cents).toBe(order.total_cents);
    await page.context().close();
  }, 60_000);

  /** Pays on the card page with a declining card and checks the decline is shown and nothing was charged. */
  async function declined(
    language: Language,
    colorScheme: 'light' | 'dark',
    card: string,
    message: string,
    shots: string,
    cardPageShots: boolean,
  ) {
    const { page, token, payRest, t } = await newBuyerAtCheckout(language, colorScheme);
    await page.getByRole('checkbox', { name: t.accept }).check();
    if (cardPageShots) await shoot(page, `${shots}-checkout-card-button`);
    await payRest.click();
    await payOnCardPage(page, t, card, cardPageShots ? shots : null);

    await page.waitForURL('**/packages/united-states**');
    await page.getByRole('dialog').getByText(message).waitFor({ timeout: 15_000 });
    await shoot(page, `${shots}-decline`);
    // The buyer can try again: the card button is offered anew.
    await payRest.waitFor();
    expect(await balanceOf(token)).toMatchObject({ balance_cents: 0, available_cents: 0 });
    expect(await ordersOf(token)).toEqual([]);
    expect((await shop.system.api('GET', '/user/transactions', { token })).body.data).toEqual([]);
    await page.context().close();
  }

  it('the same with 4111111111111129 shows the decline in the buyer’s language and charges nothing', async () => {
    await declined(
      'en',
      'dark',
      '4111111111111129',
      translate('card_declined_insufficient_funds', 'en'),
      'en-dark',
      true,
    );
  }, 60_000);

  it('4129111111111111 is declined as do not honour, in Turkish, and charges nothing', async () => {
    await declined(
      'tr',
      'light',
      '4129111111111111',
      translate('card_declined_do_not_honour', 'tr'),
      'tr-light',
      false,
    );
  }, 60_000);
});
