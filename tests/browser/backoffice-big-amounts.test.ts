/// <reference lib="dom" />
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * Big amounts are not one click, in Debian's chromium against the real system: a
 * customer cannot ask for more than the shop's maximum by bank transfer; a request above the retype
 * threshold is confirmed only with its amount typed again: a wrong amount is refused and moves
 * nothing, the right one credits the money once, a replay of it moves nothing. The books are
 * checked at the end.
 */
let system: ListeningSystem;
let browser: Browser;

const euros = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** Intl's no-break spaces as plain ones, to compare texts. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

// One sign-in per account for the whole file: the gateway allows 20 sign-ins a minute per address.
const sessions = new Map<string, ReturnType<ListeningSystem['session']>>();
function login(email: string) {
  if (!sessions.has(email)) sessions.set(email, system.session(email));
  return sessions.get(email)!;
}

async function signedInPage(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
  await context.addInitScript(signedInScript(await login(email)));
  return context.newPage();
}

interface Answer<T> {
  data: T;
  code: string;
  message: string;
  errors?: Array<{ path: string; message: string }>;
}

async function call<T = unknown>(email: string, method: string, route: string, body?: unknown) {
  const { token } = await login(email);
  const res = await fetch(`${system.url}/api/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' && route === 'user/balance/add' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer<T> };
}
const balanceCents = async (email: string) =>
  ((await call(email, 'GET', 'user/balance')).body.data as { balance_cents: number }).balance_cents;

beforeAll(async () => {
  await Promise.all([ensureBuilt('backoffice'), ensureBuilt('storefront')]);
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('big amounts are not one click', () => {
  it('a customer asks for a big deposit within the maximum; the admin must type it again: a wrong amount is refused, the right one confirms once', async () => {
    const settings = (await call('admin@esim.test', 'GET', 'admin/balance/settings')).body.data;
    expect(settings).toMatchObject({ deposit_max_cents: 100_000_00, confirm_retype_above_cents: 1_000_00 });
    const amountCents = 2_500_00;
    const before = await balanceCents('customer@esim.test');

    // The customer's page names the maximum and refuses more before asking; the service refuses it too.
    const customer = await signedInPage('customer@esim.test');
    await customer.goto(`${system.url}/dashboard/balance`);
    const form = customer.locator('.MuiCard-root', { hasText: 'Bakiye Yükle' });
    await form.getByText(`Tek talepte en fazla ${euros(100_000_00)}`).waitFor();
    await form.locator('input[name="amount"]').fill('100000000');
    await form.getByText(`Havale/EFT ile tek seferde en fazla ${euros(100_000_00)} yükleme talep edilebilir`).waitFor();
    expect(await form.getByRole('button', { name: 'Yükleme talebi oluştur' }).isDisabled()).toBe(true);
    const tooBig = await call('customer@esim.test', 'POST', 'user/balance/add', { amount: 100_000_000 });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors?.[0]?.path).toBe('amount');
    expect(plain(tooBig.body.message)).toBe(
      `Havale/EFT ile tek seferde en fazla ${plain(euros(100_000_00))} yükleme talep edilebilir`,
    );

    await form.locator('input[name="amount"]').fill('2500');
    await form.getByRole('button', { name: 'Yükleme talebi oluştur' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    const reference = (await customer
      .getByText('Referans kodu', { exact: true })
      .first()
      .locator('xpath=following-sibling::*[1]')
      .textContent())!.trim();
    expect(reference).toMatch(/^BK/);

    // The admin's "Onayla" asks for the amount again.
    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/deposits`);
    const row = admin.locator('tr', { hasText: reference });
    expect(plain(await row.textContent())).toContain(plain(euros(amountCents)));
    await row.getByRole('button', { name: 'Onayla' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Büyük tutarlı yükleme onaylansın mı?' });
    expect(await dialog.textContent()).toContain(reference);
    const field = dialog.getByLabel('Tutarı yeniden yazın');
    const confirm = dialog.getByRole('button', { name: 'Onayla' });
    expect(await confirm.isDisabled()).toBe(true);

    // A wrong amount: the service refuses it, the dialog stays, no money moves.
    await field.fill('2500,50');
    await confirm.click();
    await dialog.getByText('Yazılan tutar talep edilen tutarla aynı değil').waitFor();
    expect(await balanceCents('customer@esim.test')).toBe(before);
    const deposits = (await call<Array<{ id: string }>>('admin@esim.test', 'GET', `admin/deposits?search=${reference}`))
      .body.data;
    expect(deposits).toEqual([expect.objectContaining({ status: 'pending', amount_retype_required: true })]);
    // Without the amount the service refuses too (a client that skipped the dialog).
    const bare = await call('admin@esim.test', 'POST', `admin/deposits/${deposits[0]!.id}/confirm`);
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'deposit_amount_retype_required', errors: [{ path: 'amount' }] });

    // The right amount confirms it once.
    await field.fill('2500,00');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    expect(await balanceCents('customer@esim.test')).toBe(before + amountCents);
    const replay = await call('admin@esim.test', 'POST', `admin/deposits/${deposits[0]!.id}/confirm`, { amount: 2500 });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await balanceCents('customer@esim.test')).toBe(before + amountCents);

    // The customer sees the request confirmed.
    await customer.reload();
    await customer.locator('tr', { hasText: reference }).getByText('Onaylandı').waitFor();
    await customer.context().close();
    await admin.context().close();

    // The ledger booked the deposit once, and the books balance.
    const transactions = (
      await call(
        'customer@esim.test',
        'GET',
        `user/transactions?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`,
      )
    ).body.data as Array<{ reference: string | null; amount_cents: number; type: string }>;
    expect(transactions.filter((t) => t.reference === reference)).toEqual([
      expect.objectContaining({ type: 'top_up', amount_cents: amountCents }),
    ]);
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.ok, formatBooksReport(books)).toBe(true);
  });
});
