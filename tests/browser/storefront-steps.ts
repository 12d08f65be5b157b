/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import type { System } from '../flows/system';
import { startStorefrontSystem, type StorefrontSystem } from './storefront-system';

/** Steps the storefront's browser tests share: the demo inbox, a customer with an eSIM, signing in, screenshots and the books. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
export const PASSWORD = 'Uzun-Gizli-Parola-2026';

export type StorefrontWithMail = StorefrontSystem & { mail: MailCatcher };

/** The storefront system with the demo inbox as the services' SMTP server, as under npm start in demo mode. */
export async function startStorefrontWithMail(): Promise<StorefrontWithMail> {
  const mail = await startMailCatcher();
  process.env.SMTP_URL = mail.smtpUrl;
  const shop = await startStorefrontSystem();
  return {
    ...shop,
    mail,
    async stop() {
      await shop.stop();
      await mail.stop();
      delete process.env.SMTP_URL;
    },
  };
}

export interface BoughtEsim {
  iccid: string;
  smdp_address: string;
  matching_id: string;
  activation_code: string;
  ios_install_url: string;
}

/**
 * A new customer (`name`, an address starting with `emailPrefix`) with `euros` paid in (a bank
 * transfer the admin confirmed) and a US Starter eSIM (7 days, 3 GB) bought from it, never used.
 */
export async function customerWithUsEsim(
  system: System,
  admin: string,
  customer: { name: string; emailPrefix: string; euros: number },
) {
  const email = `${customer.emailPrefix}-${Date.now()}@example.com`;
  expect(
    (await system.api('POST', '/register', { body: { full_name: customer.name, email, password: PASSWORD } })).status,
  ).toBe(201);
  const token = await system.login(email, PASSWORD);
  const requested = await system.api('POST', '/user/balance/add', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { amount: customer.euros, method: 'bank_transfer' },
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  expect((await system.api('POST', `/admin/deposits/${requested.body.data.id}/confirm`, { token: admin })).status).toBe(
    200,
  );
  const us = (await system.api('GET', '/public/countries/united-states/packages')).body.data.packages as Array<{
    id: string;
    duration: number;
    price: number;
  }>;
  const starter = us.find((p) => p.duration === 7)!;
  const bought = await system.api('POST', '/user/packages/buy', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: { package_id: starter.id, quantity: 1 },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const order = bought.body.data as { id: string; order_number: string; esims: BoughtEsim[] };
  return { email, token, order, esim: order.esims[0]!, priceCents: Math.round(starter.price * 100) };
}

/** The money and the books: the balance at `balanceCents` once captured with nothing held, the ledger balanced and the services agreeing. */
export async function expectBooks(system: System, token: string, balanceCents: number) {
  await waitFor(
    async () => (await system.api('GET', '/user/balance', { token })).body.data.balance_cents === balanceCents,
    { what: 'the captures' },
  );
  expect((await system.api('GET', '/user/balance', { token })).body.data).toMatchObject({
    balance_cents: balanceCents,
    available_cents: balanceCents,
  });
  const books = await verifyBooks();
  expect(books.ok, formatBooksReport(books)).toBe(true);
}

/** Signs in on the storefront's sign-in form (`button`: its button's name in the page's language). */
export async function signIn(page: Page, email: string, button: string) {
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', PASSWORD);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** The cookie banner answered (necessary cookies only), so it covers nothing in the screenshots. */
export async function necessaryCookiesOnly(page: Page) {
  const button = page.getByRole('button', { name: /^(Yalnızca zorunlu|Necessary only)$/ });
  if (await button.isVisible().catch(() => false)) await button.click();
}

/**
 * Screenshots into `dir` (made if missing): `shoot(page, name)` takes one at phone size and one at
 * desktop size, of the whole page or, while a dialog is open, of the screen as seen; the page keeps its own size afterwards.
 */
export function screenshotsIn(dir: string) {
  mkdirSync(dir, { recursive: true });
  return async (page: Page, name: string) => {
    await necessaryCookiesOnly(page);
    const settled = () =>
      page.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      );
    const fullPage = (await page.getByRole('dialog').count()) === 0;
    const viewport = page.viewportSize();
    await page.setViewportSize(PHONE);
    await settled();
    await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage });
    await page.setViewportSize(DESKTOP);
    await settled();
    await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage });
    if (viewport) await page.setViewportSize(viewport);
  };
}
