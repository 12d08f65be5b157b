/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { cardNumbers, xlsxOf, type SheetRow } from '../../infra/src/testing/cards';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The admin's physical-SIM screens in Debian's chromium against the real system: an xlsx import
 * run by the real import worker process, followed to 100 % with its error report downloaded; a
 * dealer's Plus order approved from the menu badge, charged once; and a dealer's card return
 * approved from its badge, refunded once however often approval is clicked, ending with the books
 * checked. One system for all.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let system: ListeningSystem;
let browser: Browser;
let worker: ChildProcess;
// The dealer is mailed every decision on its orders and returns: an inbox catches them.
let mail: MailCatcher;

async function signedInPage(email: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'tr-TR',
    acceptDownloads: true,
  });
  await context.addInitScript(signedInScript(await system.session(email)));
  return context.newPage();
}

/** Ticks a box, again if a re-render took the first click (playwright says so instead of waiting). */
async function tickOnce(box: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await box.check({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await box.page().waitForTimeout(300);
    }
  }
}

async function api<T>(token: string, route: string): Promise<T> {
  const res = await fetch(`${system.url}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function post(
  token: string,
  route: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<{ status: number; body: { data?: unknown; code?: string } }> {
  const res = await fetch(`${system.url}/api/${route}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; code?: string } };
}

const euros = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

beforeAll(async () => {
  await ensureBuilt('backoffice');
  mail = await startMailCatcher();
  process.env.SMTP_URL = mail.smtpUrl;
  system = await startSystem({ listen: {} });
  // The import worker is its own process, as under npm start: it reads this file's database, Redis prefix and catalog.
  worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: path.join(root, 'services/physical-sim'),
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
  }
  await browser?.close();
  await system?.stop();
  delete process.env.SMTP_URL;
  await mail?.stop();
});

describe('admin physical-SIM screens in the browser', () => {
  it('the admin imports an xlsx, watches the bar reach 100 %, and downloads the error report naming the refused rows', async () => {
    const pkg = DEMO_PLUS_PACKAGES[0]!;
    const good: SheetRow[] = Array.from({ length: 30 }, (_, i) => {
      const card = cardNumbers(777, i + 1);
      return [card.iccid, card.serial_number, card.eid, pkg.code];
    });
    const badIccid = cardNumbers(777, 31);
    const unknownPackage = cardNumbers(777, 32);
    // Sheet rows 2-31 are good; row 32 has a malformed ICCID, row 33 a package the catalog does not have.
    const rows: SheetRow[] = [
      ...good,
      ['8990ABC', badIccid.serial_number, badIccid.eid, pkg.code],
      [unknownPackage.iccid, unknownPackage.serial_number, unknownPackage.eid, 'PLUS-YOK-1GB'],
    ];

    const page = await signedInPage('admin@esim.test');
    await page.goto(`${system.url}/dashboard/admin/physical-sim-import`);
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'kartlar-test.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxOf(rows),
    });
    await page.getByTestId('import-drop-zone').getByText('kartlar-test.xlsx').waitFor();
    await page.getByRole('button', { name: 'Yükle ve içe aktar' }).click();
    await page.waitForURL(/\/dashboard\/admin\/physical-sim-import\/[^/]+\/show$/);

    // The page polls the job while it runs: the bar ends full and the counts are the file's.
    const bar = page.getByRole('progressbar', { name: 'kartlar-test.xlsx ilerlemesi' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 30_000 }).toBe('100');
    await page.getByTestId('import-percent').getByText('%100 tamamlandı').waitFor();
    await page.getByText('İçe aktarma tamamlandı: 30 kart eklendi, 2 satır reddedildi.').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hata raporunu indir (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^import-.+-errors\.csv$/);
    // Turkish Excel's CSV for a Turkish admin: a byte-order mark, ";" between cells, CRLF lines, Turkish headings.
    const report = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(report[0]).toBe('\uFEFFSatır;Sütun;Hata kodu;Neden;Değer');
    expect(report.slice(1, -1).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual([
      '32;iccid',
      '33;package_code',
    ]);

    // The 30 cards are in the admin's stock.
    const { token } = await system.session('admin@esim.test');
    const jobId = page.url().match(/physical-sim-import\/([^/]+)\/show/)![1]!;
    const imported = await fetch(
      `${system.url}/api/admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ import_id: jobId }))}&range=[0,0]`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(imported.headers.get('content-range')).toMatch(/\/30$/);
    await page.context().close();
  });

  it('the admin ticks cards in the stock at 1280 and 1920 px: the bulk-action bar shows over the toolbar and its buttons answer', async () => {
    const session = await system.session('admin@esim.test');
    for (const width of [1280, 1920]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'tr-TR' });
      await context.addInitScript(signedInScript(session));
      const page = await context.newPage();
      await page.goto(`${system.url}/dashboard/admin/physical-sim-stock`);
      const ticks = page.locator('tbody input[type="checkbox"]');
      await ticks.nth(1).waitFor();
      // The filters' choices and the count arrive after the first rows; a tick made while the table
      // re-renders for them can be lost, as a person would see and click again.
      await page.waitForLoadState('networkidle');
      await tickOnce(ticks.nth(0));
      await tickOnce(ticks.nth(1));
      await page.getByText('2 öğe seçildi').waitFor();
      // A click lands on the bar's own button (playwright refuses a click another element would take).
      await page.getByRole('button', { name: 'Durumu değiştir' }).click({ timeout: 5_000 });
      const dialog = page.getByRole('dialog');
      await dialog.getByText('2 kartın yeni durumu').waitFor();
      await dialog.getByRole('button', { name: 'Vazgeç' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const name of ['Bayiye aktar', 'Yönetici stoğuna al', 'Sil'])
        expect(await page.getByRole('button', { name, exact: true }).isVisible(), `${name} at ${width} px`).toBe(true);
      // The stock summary's link is under the bar now, not where a click on it goes.
      expect(page.url()).toMatch(/\/physical-sim-stock$/);
      await context.close();
    }
  });

  it('a dealer orders 5 Plus SIMs, the admin approves from the menu badge, the dealer sees the 5 cards and the balance charged once', async () => {
    const dealerSession = await system.session('dealer@esim.test');
    const before = await api<{ balance_cents: number; held_cents: number }>(dealerSession.token, 'user/balance');
    type Order = { id: string; order_number: string; quantity: number; status: string; total_cents: number };
    const ordersOfDealer = () =>
      api<Order[]>(
        dealerSession.token,
        `user/physical-sim/orders?sort=${encodeURIComponent('["created_at","DESC"]')}&range=[0,99]`,
      );
    const earlier = new Set((await ordersOfDealer()).map((o) => o.id));

    const dealer = await signedInPage('dealer@esim.test');
    await dealer.goto(`${system.url}/dashboard/physical-sim-purchase`);
    await dealer.getByLabel('Paket').click();
    await dealer
      .getByRole('option')
      .filter({ hasNotText: /Stokta 0$/ })
      .first()
      .click();
    await dealer.getByRole('spinbutton', { name: 'Adet' }).fill('5');
    await dealer.getByRole('button', { name: 'Sipariş ver' }).click();
    await dealer.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    // The demo's own pending order (billed by invoice) is listed too: the new one is the order that was not there before.
    let order: Order | undefined;
    await expect
      .poll(async () => (order = (await ordersOfDealer()).find((o) => !earlier.has(o.id))), { timeout: 15_000 })
      .toBeDefined();
    expect(order).toMatchObject({ quantity: 5, status: 'pending' });
    await dealer.locator('tr', { hasText: 'Beklemede' }).nth(1).waitFor();

    // The admin sees what waits on the menu's badge and opens the list from it.
    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard`);
    const badge = admin.locator('[aria-label^="Plus Siparişleri: "]');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/: [1-9]\d*$/);
    const waiting = Number((await badge.getAttribute('aria-label'))!.split(': ')[1]);
    await admin.getByRole('menuitem', { name: /Plus Siparişleri/ }).click();
    await admin.waitForURL(/\/dashboard\/admin\/physical-sim-orders/);
    const row = admin.locator('tr', { hasText: order!.order_number });
    await row.getByRole('button', { name: 'Onayla' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await admin.locator('tr', { hasText: order!.order_number }).waitFor({ state: 'detached' });
    await expect
      .poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe(`Plus Siparişleri: ${waiting - 1}`);

    // The dealer's stock, newest first, shows the order's 5 cards.
    const { token } = await system.session('admin@esim.test');
    const approved = await api<{ status: string; card_ids: string[] }>(token, `admin/physical-sim/orders/${order!.id}`);
    expect(approved.status).toBe('approved');
    expect(approved.card_ids).toHaveLength(5);
    const cards = await api<Array<{ serial_number: string; owner_user_id: string }>>(
      token,
      `admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ id: approved.card_ids }))}`,
    );
    await dealer.goto(`${system.url}/dashboard/physical-sim-stock`);
    for (const card of cards) await dealer.getByText(card.serial_number, { exact: true }).waitFor();

    // Charged once: the balance is down by the order's total (the hold is captured when balance hears of the approval),
    // nothing is held for it any more, and one debit names it.
    const balance = () =>
      api<{ balance_cents: number; held_cents: number; available_cents: number }>(dealerSession.token, 'user/balance');
    await expect
      .poll(async () => before.balance_cents - (await balance()).balance_cents, { timeout: 30_000 })
      .toBe(order!.total_cents);
    const after = await balance();
    expect(after.held_cents).toBe(before.held_cents);
    const movements = await api<
      Array<{ direction: string; amount_cents: number; reference: string | null; created_at: string }>
    >(dealerSession.token, `user/transactions?sort=${encodeURIComponent('["created_at","DESC"]')}&range=[0,49]`);
    const debits = movements.filter((t) => t.direction === 'out' && t.reference?.includes(order!.id));
    expect(debits.map((t) => Math.abs(t.amount_cents))).toEqual([order!.total_cents]);
    await dealer.goto(`${system.url}/dashboard/balance`);
    const available = dealer
      .getByText('Kullanılabilir bakiye', { exact: true })
      .first()
      .locator('xpath=following-sibling::*[1]');
    await expect.poll(() => available.textContent(), { timeout: 15_000 }).toBe(euros(after.available_cents));
    await dealer.context().close();
    await admin.context().close();
  });

  it('a dealer returns a bought card, the admin approves it from the menu badge with a double click, the dealer is refunded once and the books balance', async () => {
    const dealerSession = await system.session('dealer@esim.test');
    const { token: adminToken } = await system.session('admin@esim.test');
    type Balance = { balance_cents: number; held_cents: number; available_cents: number };
    const balance = () => api<Balance>(dealerSession.token, 'user/balance');

    // A card the dealer paid for (a card the admin handed over cost nothing, so returns nothing): one Plus SIM ordered and approved.
    const pkg = DEMO_PLUS_PACKAGES[0]!;
    const beforeOrder = await balance();
    const placed = await post(
      dealerSession.token,
      'user/physical-sim/order',
      { package_id: pkg.id, quantity: 1 },
      crypto.randomUUID(),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data as { id: string; total_cents: number };
    const approvedOrder = await post(adminToken, `admin/physical-sim/orders/${order.id}/approve`, {});
    expect(approvedOrder.status, JSON.stringify(approvedOrder.body)).toBe(200);
    const [cardId] = (approvedOrder.body.data as { card_ids: string[] }).card_ids;
    await expect
      .poll(async () => beforeOrder.balance_cents - (await balance()).balance_cents, { timeout: 30_000 })
      .toBe(order.total_cents);
    const [card] = await api<Array<{ serial_number: string }>>(
      adminToken,
      `admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ id: [cardId] }))}`,
    );

    // The dealer picks the card on the return page, gives a reason and confirms.
    const reason = `Kutusu ezik geldi ${card!.serial_number.slice(-4)}`;
    const dealer = await signedInPage('dealer@esim.test');
    await dealer.goto(`${system.url}/dashboard/physical-sim-return`);
    await dealer.getByLabel('Sıra numarası ya da ICCID').fill(card!.serial_number);
    await dealer.getByRole('checkbox', { name: card!.serial_number }).check();
    await dealer.getByLabel('Neden').fill(reason);
    await dealer.getByRole('button', { name: '1 kartı iade et' }).click();
    await dealer.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    const myReturn = dealer.locator('tr', { hasText: reason });
    await myReturn.getByText('Beklemede').waitFor();
    const beforeRefund = await balance();
    type Return = { id: string; status: string; reason: string; refund_cents: number; card_ids: string[] };
    const requested = (
      await api<Return[]>(
        dealerSession.token,
        `user/physical-sim/returns?sort=${encodeURIComponent('["created_at","DESC"]')}&range=[0,9]`,
      )
    ).find((r) => r.reason === reason)!;
    expect(requested).toMatchObject({ status: 'pending', card_ids: [cardId], refund_cents: order.total_cents });

    // The admin sees it waiting on the menu's badge, opens the list from there and approves it, clicking the confirmation twice.
    const admin = await signedInPage('admin@esim.test');
    const approvals: number[] = [];
    admin.on('response', (res) => {
      if (res.request().method() === 'POST' && res.url().endsWith(`/returns/${requested.id}/approve`))
        approvals.push(res.status());
    });
    await admin.goto(`${system.url}/dashboard`);
    const badge = admin.locator('[aria-label^="SIM İadeleri: "]');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/: [1-9]\d*$/);
    const waiting = Number((await badge.getAttribute('aria-label'))!.split(': ')[1]);
    await admin.getByRole('menuitem', { name: /SIM İadeleri/ }).click();
    await admin.waitForURL(/\/dashboard\/admin\/physical-sim-returns/);
    const row = admin.locator('tr', { hasText: reason });
    expect(await row.textContent()).toContain(euros(order.total_cents));
    await row.getByRole('button', { name: 'Onayla' }).click();
    const confirmation = admin.getByRole('dialog');
    expect(await confirmation.textContent()).toContain(euros(order.total_cents));
    await confirmation.getByRole('button', { name: 'Onayla' }).dblclick();
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toBe(`SIM İadeleri: ${waiting - 1}`);
    await admin.locator('tr', { hasText: reason }).waitFor({ state: 'detached' });

    // Approving again through the API is refused and moves nothing.
    const again = await post(adminToken, `admin/physical-sim/returns/${requested.id}/approve`, {});
    expect(again).toMatchObject({ status: 409, body: { code: 'return_not_pending' } });
    // However many approvals the double click sent, one was taken and any other refused.
    expect(approvals.filter((status) => status === 200)).toEqual([200]);
    expect(approvals.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);

    // Refunded once: the balance is up by the refund, one credit names the return, and it stays so.
    await expect
      .poll(async () => (await balance()).balance_cents - beforeRefund.balance_cents, { timeout: 30_000 })
      .toBe(order.total_cents);
    const refunds = async () =>
      (
        await api<Array<{ direction: string; amount_cents: number; reference: string | null }>>(
          dealerSession.token,
          `user/transactions?sort=${encodeURIComponent('["created_at","DESC"]')}&range=[0,49]`,
        )
      )
        .filter((t) => t.reference === requested.id)
        .map((t) => ({ direction: t.direction, amount_cents: Math.abs(t.amount_cents) }));
    expect(await refunds()).toEqual([{ direction: 'in', amount_cents: order.total_cents }]);
    const refunded = await balance();
    const returned = await api<Return>(adminToken, `admin/physical-sim/returns/${requested.id}`);
    expect(returned.status).toBe('approved');
    const [inStock] = await api<Array<{ status: string; owner_user_id: string | null }>>(
      adminToken,
      `admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ id: [cardId] }))}`,
    );
    expect(inStock).toMatchObject({ status: 'in_stock', owner_user_id: null });

    // The dealer's own pages say the same: the return approved, the available balance with the refund in it.
    await dealer.reload();
    await myReturn.getByText('Onaylandı').waitFor();
    await dealer.goto(`${system.url}/dashboard/balance`);
    const available = dealer
      .getByText('Kullanılabilir bakiye', { exact: true })
      .first()
      .locator('xpath=following-sibling::*[1]');
    await expect.poll(() => available.textContent(), { timeout: 15_000 }).toBe(euros(refunded.available_cents));
    expect(await refunds()).toHaveLength(1);
    expect((await balance()).balance_cents).toBe(refunded.balance_cents);
    await dealer.context().close();
    await admin.context().close();

    // The books: the ledger's invariants, and every service agreeing (approved returns refunded, orders captured, no event left waiting).
    // The dealer was mailed the approval of its return, with the refund.
    await expect
      .poll(async () => (await mail.messages()).some((m) => m.subject.startsWith('Kart iadeniz onaylandı')), {
        timeout: 30_000,
      })
      .toBe(true);

    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.rules.filter((rule) => !rule.ok)).toEqual([]);
  });
});
