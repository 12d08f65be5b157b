/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { reportUsage } from '../flows/esim';
import {
  customerWithUsEsim,
  expectBooks,
  necessaryCookiesOnly,
  PHONE,
  screenshotsIn,
  startStorefrontWithMail,
  type StorefrontWithMail,
  signIn,
} from './storefront-steps';

/**
 * Topping up an installed eSIM in Debian chromium against the real system: a customer whose US
 * eSIM is in use is offered the top-up by the checkout's "you already have an eSIM here" guard,
 * tops it up on its order page and sees its data grow on the same ICCID; in English and dark, the
 * same from the order page's own button. Each ends with the ledger and the services' consistency
 * checked. Screenshots at phone and desktop size go to SHOTS_DIR (default /tmp/shots-top-up).
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-top-up';
const GB = 1024 ** 3;

const TEXTS = {
  tr: {
    buy: /Hemen Satın Al: .*Standart/,
    login: 'Giriş Yap',
    guard: 'Mevcut eSIM’e yükle',
    topUp: 'Paket yükle',
    dialog: 'eSIM’e paket yükle',
    confirm: 'Yüklemeyi onayla',
    premium: /Premium/,
    accept: /okudum, kabul ediyorum/,
  },
  en: {
    buy: /Buy Now: .*Standard/,
    login: 'Log In',
    guard: 'Top up my eSIM',
    topUp: 'Top up',
    dialog: 'Top up your eSIM',
    confirm: 'Confirm top-up',
    premium: /Premium/,
    accept: /I have read and accept/,
  },
} as const;
type Language = keyof typeof TEXTS;

let shop: StorefrontWithMail;
let admin: string;
beforeAll(async () => {
  // The top-up's receipt arrives in the demo inbox.
  shop = await startStorefrontWithMail();
  admin = await shop.system.login('admin@esim.test');
}, 240_000);
afterAll(async () => {
  await shop?.stop();
});

/** The receipt of the eSIM's top-up (its order number from the eSIM's bundles), mailed in the buyer's language with the documents accepted. */
async function expectTopUpReceipt(token: string, iccid: string, email: string, subject: RegExp) {
  const bundles = (await api('GET', `/user/esim/${iccid}/top-ups`, { token })).body.data.bundles as Array<{
    kind: string;
    order_number: string;
  }>;
  const number = bundles.find((bundle) => bundle.kind === 'top_up')!.order_number;
  const receipt = (await waitFor(
    async () => (await shop.mail.messages()).find((m) => m.to.includes(email) && m.subject.includes(number)),
    { what: `the receipt of top-up ${number}`, timeoutMs: 20_000 },
  ))!;
  expect(receipt.subject).toMatch(subject);
}

const shoot = screenshotsIn(SHOTS_DIR);

const api = (
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => shop.system.api(method, path, options);

/** A new customer with 100 € and a US Starter eSIM (3 GB) in use with 1 GB used. */
async function customerWithEsimInUse(language: Language) {
  const customer = await customerWithUsEsim(shop.system, admin, {
    name: 'Yükle Gezgin',
    emailPrefix: `yukle-${language}`,
    euros: 100,
  });
  // The operator reports 1 GB used: the eSIM is in use.
  const used = await reportUsage(shop.system, [
    { id: `use-${customer.email}`, iccid: customer.esim.iccid, used_bytes: GB },
  ]);
  expect(used.statusCode, used.body).toBe(200);
  return customer;
}

const esimOf = async (token: string, orderId: string) =>
  (await api('GET', `/user/esim/orders/${orderId}`, { token })).body.data.esims as Array<{
    iccid: string;
    activation_code: string;
    usage: { total_bytes: number; used_bytes: number };
  }>;

describe('topping up an installed eSIM in a browser', () => {
  it('the checkout guard offers the top-up instead of a second eSIM; the same ICCID then has 5 GB more (Turkish, light, phone)', async () => {
    const { email, token, order, esim } = await customerWithEsimInUse('tr');
    const t = TEXTS.tr;
    const context = await shop.browser.newContext({ viewport: PHONE, locale: 'tr-TR', colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/packages/united-states`, { waitUntil: 'networkidle' });
    await necessaryCookiesOnly(page);
    await page.getByRole('button', { name: t.buy }).first().click();
    await page.waitForURL('**/login');
    await signIn(page, email, t.login);
    const guard = page.getByTestId('checkout-top-up-offer');
    await guard.waitFor({ timeout: 15_000 });
    expect(await guard.innerText()).toContain('Bu ülkeyi kapsayan aktif bir eSIM’iniz zaten var');
    await shoot(page, 'tr-light-checkout-guard');
    await guard.getByRole('link', { name: t.guard }).click();

    // The order page opens with the top-up dialog, the package the buyer was about to buy chosen.
    await page.waitForURL(`**/order/${order.id}?**`);
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: /Standart/ }).isChecked()).toBe(true);
    expect(await dialog.innerText()).toContain(esim.iccid);
    // The pre-information form and the contract of this top-up, accepted before it is confirmed.
    await dialog.getByRole('checkbox', { name: t.accept }).check();
    await shoot(page, 'tr-light-top-up-dialog');
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });

    const panel = page.getByTestId('top-up-panel');
    await panel.getByTestId('esim-bundle').nth(1).waitFor();
    expect(await panel.getByTestId('top-up-total').innerText()).toBe('1 GB / 8 GB kullanıldı');
    expect(await panel.getByTestId('top-up-remaining').innerText()).toBe('7 GB');
    expect(await panel.getByTestId('esim-bundle').allInnerTexts()).toEqual([
      expect.stringMatching(/Başlangıç\s+İlk paket\s+3 GB · 7 gün/),
      expect.stringMatching(/Standart\s+Yükleme · .*\s+\+5 GB · 15 gün/),
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'tr-light-order-after-top-up');

    // Same ICCID and activation code (nothing to install again), 8 GB in all; the buyer's list still has one order.
    const [after] = await esimOf(token, order.id);
    expect(after).toMatchObject({
      iccid: esim.iccid,
      activation_code: esim.activation_code,
      usage: { total_bytes: 8 * GB, used_bytes: GB },
    });
    expect((await api('GET', '/user/esim/orders', { token })).body.data.map((o: { id: string }) => o.id)).toEqual([
      order.id,
    ]);
    const check = await api('GET', `/public/balance/esim/${order.order_number}`);
    expect(check.body.data).toMatchObject({
      totalData: 8 * 1024,
      bundles: [{ kind: 'initial' }, { kind: 'top_up', dataMb: 5 * 1024 }],
    });
    await context.close();
    await expectTopUpReceipt(token, esim.iccid, email, /^Siparişinizin makbuzu/);
    await expectBooks(shop.system, token, 100_00 - 14_99 - 24_99);
  }, 120_000);

  it('the order page tops up with the 30-day plan and the public balance check lists the bundles (English, dark)', async () => {
    const { email, token, order, esim } = await customerWithEsimInUse('en');
    const t = TEXTS.en;
    const context = await shop.browser.newContext({ viewport: PHONE, locale: 'en-GB', colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/login`, { waitUntil: 'networkidle' });
    await necessaryCookiesOnly(page);
    await signIn(page, email, t.login);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto(`${shop.baseUrl}/order/${order.id}`, { waitUntil: 'networkidle' });
    const panel = page.getByTestId('top-up-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('top-up-total').innerText()).toBe('1 GB of 3 GB used');
    await shoot(page, 'en-dark-order-before-top-up');
    await panel.getByRole('button', { name: t.topUp, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.getByRole('radio', { name: t.premium }).check();
    await dialog.getByRole('checkbox', { name: t.accept }).check();
    await shoot(page, 'en-dark-top-up-dialog');
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByTestId('esim-bundle').nth(1).waitFor();
    expect(await panel.getByTestId('top-up-total').innerText()).toBe('1 GB of 13 GB used');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'en-dark-order-after-top-up');

    await page.goto(`${shop.baseUrl}/balance`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox').fill(order.order_number);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const bundles = page.getByTestId('balance-bundles');
    await bundles.waitFor();
    expect(await bundles.innerText()).toMatch(/Premium[\s\S]*\+10 GB · 30 days/);
    await shoot(page, 'en-dark-balance-check-bundles');

    const [after] = await esimOf(token, order.id);
    expect(after).toMatchObject({ iccid: esim.iccid, usage: { total_bytes: 13 * GB } });
    await context.close();
    await expectTopUpReceipt(token, esim.iccid, email, /^Receipt of your order/);
    await expectBooks(shop.system, token, 100_00 - 14_99 - 39_99);
  }, 120_000);
});
