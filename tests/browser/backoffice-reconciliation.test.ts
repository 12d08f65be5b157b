/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { demoAccount, type AdminDeposit, type BulkDecisionResult, type PhysicalOrder } from '@esim/contracts';
import { parse } from 'csv-parse/sync';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The reconciliation in Debian's chromium against the real system: the admin finds a bank
 * deposit by its reference code and by its customer, confirms two at once and rejects one, and
 * downloads the lists as CSV in Turkish, read here as Turkish Excel reads them (";" between cells,
 * "," in decimals, the byte-order mark dropped): the headings, money, Istanbul times, order numbers
 * and ICCIDs kept as text.
 */
let system: ListeningSystem;
let browser: Browser;

const customer = demoAccount('customer@esim.test');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const sessions = new Map<string, ReturnType<ListeningSystem['session']>>();
function login(email: string) {
  if (!sessions.has(email)) sessions.set(email, system.session(email));
  return sessions.get(email)!;
}

async function signedInPage(email: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'tr-TR',
    acceptDownloads: true,
  });
  await context.addInitScript(signedInScript(await login(email)));
  return context.newPage();
}

async function api<T>(email: string, route: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { token } = await login(email);
  const res = await fetch(`${system.url}/api/${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A CSV read as Turkish Excel opens it (csv-parse, as the SIM import reads files): the BOM says UTF-8 and is dropped, ";" splits cells, CRLF ends a row. */
function readTurkishExcel(bytes: Buffer): string[][] {
  expect(bytes.toString('utf8').charCodeAt(0)).toBe(0xfeff);
  return parse(bytes, { bom: true, delimiter: ';', record_delimiter: '\r\n', relax_column_count: true });
}

/** A decimal as Turkish Excel reads it ("1234,50"): a number, or NaN when the cell is not one. */
const turkishNumber = (cell: string) => (/^-?\d+(,\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : NaN);

/** The Istanbul local time Excel should show for an instant: "06.12.2026 14:38". */
function istanbulTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Clicks the list's export and reads the file it downloads. */
async function exported(page: Page): Promise<{ download: Download; rows: string[][] }> {
  const button = page.getByRole('button', { name: 'Dışa aktar' });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { download, rows: readTurkishExcel(readFileSync((await download.path())!)) };
}

/** The cells of a CSV as a record per row, keyed by the Turkish headings. */
const byHeading = ([header, ...rows]: string[][]) =>
  rows.map((row) => Object.fromEntries(header!.map((heading, i) => [heading, row[i] ?? ''])));

beforeAll(async () => {
  await ensureBuilt('backoffice');
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe('reconciliation in the back office', () => {
  it('finds deposits by reference and customer, confirms two and rejects one at once, exports them for Turkish Excel', async () => {
    const asked = [] as AdminDeposit[];
    for (const amount of [12.34, 56.78, 9.1]) {
      asked.push(
        await api<AdminDeposit>(customer.email, 'user/balance/add', {
          method: 'POST',
          body: { amount, method: 'bank_transfer' },
        }),
      );
    }
    const [first, second, third] = asked as [AdminDeposit, AdminDeposit, AdminDeposit];

    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/deposits`);
    const rowOf = (deposit: AdminDeposit) => admin.locator('tr', { hasText: deposit.reference_code });

    // By the reference code the customer quoted on the transfer: only that request.
    await admin.getByPlaceholder('Referans kodu').fill(second.reference_code.slice(2).toLowerCase());
    await rowOf(second).waitFor();
    await expect.poll(() => admin.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    await admin.getByPlaceholder('Referans kodu').fill('');

    // By the customer's name: their three requests, and nobody else's.
    await admin.getByLabel('Müşteri (ad, firma veya e-posta)').fill('Can Müş');
    for (const deposit of asked) await rowOf(deposit).waitFor();
    await expect
      .poll(async () => (await admin.locator('tbody tr').allTextContents()).every((row) => row.includes('Can Müşteri')))
      .toBe(true);

    // Two confirmed at once: the dialog names their count and total first.
    await rowOf(first).getByRole('checkbox').check();
    await rowOf(second).getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Seçilenleri onayla' }).click();
    const confirmation = admin.getByRole('dialog');
    await confirmation.getByText('2 talep onaylansın mı?').waitFor();
    expect(await confirmation.textContent()).toContain('69,12');
    await confirmation.getByRole('button', { name: 'Onayla' }).click();
    await admin.getByText('2 onaylandı').waitFor();
    await rowOf(first).waitFor({ state: 'detached' });
    await rowOf(second).waitFor({ state: 'detached' });

    // One rejected with a reason.
    await rowOf(third).getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Seçilenleri reddet' }).click();
    const rejection = admin.getByRole('dialog');
    await rejection.getByText('1 talep reddedilsin mi?').waitFor();
    await rejection.getByLabel('Ret nedeni (her birine gider)').fill('Havale hesaba geçmedi');
    await rejection.getByRole('button', { name: 'Seçilenleri reddet' }).click();
    await admin.getByText('1 reddedildi').waitFor();
    await rowOf(third).waitFor({ state: 'detached' });

    const decided = await api<AdminDeposit[]>(
      'admin@esim.test',
      `admin/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'all', customer: customer.email }))}&range=[0,99]`,
    );
    const statusOf = (deposit: AdminDeposit) => decided.find((t) => t.id === deposit.id)!;
    expect([statusOf(first).status, statusOf(second).status, statusOf(third).status]).toEqual([
      'confirmed',
      'confirmed',
      'rejected',
    ]);
    expect(statusOf(third).reason).toBe('Havale hesaba geçmedi');

    // The same two again through the API: nothing is decided twice.
    const replay = await api<BulkDecisionResult>('admin@esim.test', 'admin/deposits/bulk-confirm', {
      method: 'POST',
      body: { ids: [first.id, second.id] },
    });
    expect(replay).toMatchObject({ decided: 0, already: 2, refused: 0 });

    // The confirmed ones, exported in Turkish.
    const filter = encodeURIComponent(JSON.stringify({ status: 'confirmed', customer: 'Can Müş' }));
    await admin.goto(`${system.url}/dashboard/admin/deposits?filter=${filter}`);
    await rowOf(first).waitFor();
    const { download, rows } = await exported(admin);
    expect(download.suggestedFilename()).toBe('admin-deposits.csv');
    expect(rows[0]).toEqual([
      'Referans kodu',
      'Müşteri',
      'E-posta',
      'Tutar',
      'Talep tarihi',
      'Durum',
      'Karar tarihi',
      'Ret nedeni',
    ]);
    const line = byHeading(rows).find((row) => row['Referans kodu'] === first.reference_code)!;
    expect(line).toMatchObject({
      Müşteri: 'Can Müşteri',
      'E-posta': customer.email,
      Tutar: '12,34',
      Durum: 'Onaylandı',
    });
    expect(turkishNumber(line.Tutar!)).toBe(12.34);
    expect(line['Talep tarihi']).toBe(istanbulTime(first.created_at));
    expect(line['Karar tarihi']).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(rows.flat().some((cell) => UUID.test(cell))).toBe(false);
    await admin.context().close();
  });

  it('exports Plus orders by their numbers and the stock with ICCIDs kept as text', async () => {
    const admin = await signedInPage('admin@esim.test');
    const [order] = await api<PhysicalOrder[]>('admin@esim.test', 'admin/physical-sim/orders/pending?range=[0,0]');
    await admin.goto(`${system.url}/dashboard/admin/physical-sim-orders`);
    await admin.locator('tr', { hasText: order!.order_number }).waitFor();
    const orders = await exported(admin);
    expect(orders.rows[0]).toEqual([
      'Sipariş numarası',
      'Bayi',
      'Paket',
      'Adet',
      'Birim fiyat',
      'Toplam',
      'Sipariş tarihi',
      'Durum',
      'Karar tarihi',
      'Ret nedeni',
    ]);
    const line = byHeading(orders.rows).find((row) => row['Sipariş numarası'] === order!.order_number)!;
    expect(line['Sipariş numarası']).toMatch(/^PS-[0-9A-F]{8}$/);
    expect(turkishNumber(line.Toplam!)).toBe(order!.total_cents / 100);
    expect(line['Sipariş tarihi']).toBe(istanbulTime(order!.created_at));
    expect(orders.rows.flat().some((cell) => UUID.test(cell))).toBe(false);

    const [card] = await api<Array<{ iccid: string; serial_number: string }>>(
      'admin@esim.test',
      'admin/physical-sim/stock?range=[0,0]',
    );
    const filter = encodeURIComponent(JSON.stringify({ q: card!.iccid }));
    await admin.goto(`${system.url}/dashboard/admin/physical-sim-stock?filter=${filter}`);
    await admin.locator('tr', { hasText: card!.serial_number }).waitFor();
    const stock = byHeading((await exported(admin)).rows);
    // ="…" is Excel's text formula: the cell shows every digit (never 8,99E+18), the 12-digit serial's too.
    expect(stock).toHaveLength(1);
    expect(stock[0]).toMatchObject({ 'Sıra numarası': `="${card!.serial_number}"`, ICCID: `="${card!.iccid}"` });
    await admin.context().close();
  });
});
