/// <reference lib="dom" />
import { demoAccount, type DealerBalance, type DealerPackage, type SalesManagerFigures } from '@esim/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from '../../bench/backoffice/browser';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type ListeningSystem } from '../flows/system';
import { ensureBuilt } from './builds';

/**
 * The admin's money screens in Debian's chromium against the real system, one system for all:
 * a customer's bank transfer confirmed from the menu badge; a new dealer loaded, priced and signed
 * in; cash collected from that dealer by the sales manager and from the sales manager by the admin;
 * a credit limit that lets the dealer order beyond its balance. Every amount is read back through
 * the API as well as on screen, and the books are checked at the end.
 */
let system: ListeningSystem;
let browser: Browser;

const euros = (cents: number) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** The de-DE amount as typed into a field ("25,40"). */
const typed = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

// One sign-in per account for the whole file: the gateway allows 20 sign-ins a minute per address, fewer than the steps here take.
const sessions = new Map<string, ReturnType<ListeningSystem['session']>>();
function login(email: string, password?: string) {
  if (!sessions.has(email)) sessions.set(email, system.session(email, password));
  return sessions.get(email)!;
}

async function signedInPage(email: string, password?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
  await context.addInitScript(signedInScript(await login(email, password)));
  return context.newPage();
}

async function api<T>(email: string, route: string, password?: string): Promise<T> {
  const { token } = await login(email, password);
  const res = await fetch(`${system.url}/api/${route}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A StatCard's value: the element after its label, in the page (the menu has labels of the same words). */
const figureOf = (page: Page, label: string) =>
  page.locator('#main-content').getByText(label, { exact: true }).first().locator('xpath=following-sibling::*[1]');

const dealerFigures = async (dealerId: string) =>
  (await api<DealerBalance[]>('admin@esim.test', `admin/dealers/balances?ids=${dealerId}`))[0]!;
const salesManager = demoAccount('sales@esim.test');
const cashHeld = async () =>
  (await api<SalesManagerFigures[]>('admin@esim.test', `admin/sales-managers/balances?ids=${salesManager.id}`))[0]!
    .cash_held_cents;

beforeAll(async () => {
  await Promise.all([ensureBuilt('backoffice'), ensureBuilt('storefront')]);
  system = await startSystem({ listen: {} });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

describe("the admin's money screens in the browser", () => {
  it('a customer asks for a bank-transfer deposit, the admin confirms it from the menu badge, the customer sees the balance grow', async () => {
    const amountCents = 2540;
    const before = await api<{ balance_cents: number }>('customer@esim.test', 'user/balance');

    const customer = await signedInPage('customer@esim.test');
    await customer.goto(`${system.url}/dashboard/balance`);
    await customer.locator('input[name="amount"]').fill(typed(amountCents));
    await customer.getByRole('button', { name: 'Yükleme talebi oluştur' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    // The reference code to quote on the transfer is shown once the request exists.
    const reference = (await customer
      .getByText('Referans kodu', { exact: true })
      .first()
      .locator('xpath=following-sibling::*[1]')
      .textContent())!.trim();
    expect(reference).not.toBe('');

    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard`);
    const badge = admin.locator('[aria-label^="Bakiye yüklemeleri: "]');
    await expect.poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/: [1-9]\d*$/);
    const waiting = Number((await badge.getAttribute('aria-label'))!.split(': ')[1]);
    await admin.getByRole('menuitem', { name: /Bakiye yüklemeleri/ }).click();
    await admin.waitForURL(/\/dashboard\/admin\/deposits/);
    const row = admin.locator('tr', { hasText: reference });
    expect(await row.textContent()).toContain(euros(amountCents));
    await row.getByRole('button', { name: 'Onayla' }).click();
    const confirmation = admin.getByRole('dialog');
    expect(await confirmation.textContent()).toContain(reference);
    await confirmation.getByRole('button', { name: 'Onayla' }).click();
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(() => badge.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe(`Bakiye yüklemeleri: ${waiting - 1}`);

    // The ledger booked it once, and the customer's own page shows it with the request confirmed.
    const after = await api<{ balance_cents: number }>('customer@esim.test', 'user/balance');
    expect(after.balance_cents - before.balance_cents).toBe(amountCents);
    await customer.reload();
    await expect
      .poll(() => figureOf(customer, 'Bakiye').textContent(), { timeout: 15_000 })
      .toBe(euros(after.balance_cents));
    await customer.locator('tr', { hasText: reference }).getByText('Onaylandı').waitFor();
    await customer.context().close();
    await admin.context().close();
  });

  // Set by the second case, used by the third: the dealer the admin created.
  const newDealer = { id: '', company: 'Gezgin Hat Ltd.', email: 'gezgin-bayi@esim.test', password: 'Lale-Yolu-7391' };

  it('the admin creates a dealer, loads 100 € and sets a dealer price; the dealer signs in and sees that price', async () => {
    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/dealers/create`);
    await admin.getByLabel('Firma').fill(newDealer.company);
    await admin.getByLabel('Ad soyad').fill('Gül Gezgin');
    await admin.getByLabel('E-posta').fill(newDealer.email);
    await admin.getByLabel('Satış müdürü').fill('Serkan');
    await admin.getByRole('option', { name: salesManager.fullName }).click();
    await admin.getByLabel('Şifre', { exact: true }).fill(newDealer.password);
    await admin.getByRole('button', { name: 'Kaydet' }).click();
    await admin.waitForURL(/\/dashboard\/admin\/dealers\/[^/]+\/show$/);
    newDealer.id = admin.url().match(/admin\/dealers\/([^/]+)\/show/)![1]!;
    await admin.getByRole('heading', { name: newDealer.company }).waitFor();

    // 100 € on credit: the confirmation shows balance and debt before → after, the ledger books both.
    await admin.getByRole('button', { name: 'Bakiye yükle' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('input[name="amount"]').fill('100');
    await dialog.getByRole('button', { name: 'Devam' }).click();
    const confirmation = (await admin.getByTestId('money-confirmation').textContent())!;
    expect(confirmation).toContain(`${euros(0)} → ${euros(10_000)}`);
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await dealerFigures(newDealer.id)).toMatchObject({ balance_cents: 10_000, owed_cents: 10_000 });
    await expect.poll(() => figureOf(admin, 'Bakiye').textContent(), { timeout: 15_000 }).toBe(euros(10_000));
    await expect.poll(() => figureOf(admin, 'Açık borç').textContent(), { timeout: 15_000 }).toBe(euros(10_000));

    // A price between cost and retail for one eSIM package, saved on its row.
    const packages = await api<DealerPackage[]>('admin@esim.test', `admin/dealers/${newDealer.id}/packages`);
    const pkg = packages.find((p) => p.kind === 'esim' && p.active && p.base_price - (p.cost_price ?? 0) >= 1)!;
    const priceCents = Math.round(((pkg.cost_price ?? 0) * 100 + pkg.base_price * 100) / 2);
    await admin.getByRole('link', { name: 'Fiyatlar' }).click();
    await admin.waitForURL(new RegExp(`/dashboard/admin/dealers/${newDealer.id}/pricing$`));
    await admin.getByLabel('Ara', { exact: true }).fill(pkg.code);
    const pricingRow = admin.locator('tbody tr', { hasText: pkg.code });
    await pricingRow.getByRole('textbox', { name: 'Bayi fiyatı' }).fill(typed(priceCents));
    await pricingRow.getByRole('button', { name: 'Kaydet' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    // Saved, the row is marked as the dealer's own price.
    await pricingRow.locator('.MuiChip-root', { hasText: 'Bayi fiyatı' }).waitFor();
    const priced = (await api<DealerPackage[]>('admin@esim.test', `admin/dealers/${newDealer.id}/packages`)).find(
      (p) => p.id === pkg.id,
    )!;
    expect(priced).toMatchObject({ dealer_price: priceCents / 100, price_source: 'dealer' });
    await admin.context().close();

    // The dealer signs in on the storefront with the password the admin set and lands in the back office.
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'tr-TR' });
    const dealer = await context.newPage();
    await dealer.goto(`${system.url}/login?redirect=${encodeURIComponent('/dashboard')}`);
    await dealer.locator('input[type="email"]').fill(newDealer.email);
    await dealer.locator('input[type="password"]').fill(newDealer.password);
    await dealer.locator('form button[type="submit"]').click();
    await dealer.waitForURL(/\/dashboard\/?$/);
    await dealer.getByRole('menuitem', { name: 'Fiyat Listesi' }).click();
    await dealer.getByPlaceholder('Paket ya da ülke').fill(pkg.name);
    const listed = dealer.locator('tr', { hasText: pkg.name }).filter({ hasText: 'Size özel' });
    await listed.waitFor();
    expect(await listed.textContent()).toContain(euros(priceCents));
    const seen = (
      await api<Array<{ id: string; price: number; price_source: string }>>(
        newDealer.email,
        `user/packages?filter=${encodeURIComponent(JSON.stringify({ q: pkg.code }))}`,
        newDealer.password,
      )
    ).find((p) => p.id === pkg.id);
    expect(seen).toMatchObject({ price: priceCents / 100, price_source: 'dealer' });
    await expect.poll(() => dealer.evaluate(() => location.pathname)).toBe('/dashboard/price-list');
    await context.close();
  });

  it('the sales manager collects from that dealer; the admin sees it in the collection logs and collects from the sales manager', async () => {
    expect(newDealer.id).not.toBe('');
    const collectedCents = 4_000;
    const heldBefore = await cashHeld();

    const sales = await signedInPage('sales@esim.test');
    await sales.goto(`${system.url}/dashboard/sales-manager/collection?dealer_id=${newDealer.id}`);
    await sales.getByText(`${newDealer.company} borcu: ${euros(10_000)}.`).waitFor();
    await sales.getByLabel('Tahsil edilen tutar').fill(typed(collectedCents));
    await sales.getByRole('button', { name: 'Tahsilatı kaydet' }).click();
    await sales.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await sales.getByText('Tahsilat kaydedildi').waitFor();
    expect(await dealerFigures(newDealer.id)).toMatchObject({
      balance_cents: 10_000,
      owed_cents: 10_000 - collectedCents,
    });
    expect(await cashHeld()).toBe(heldBefore + collectedCents);
    await sales.context().close();

    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/collection-logs`);
    const fromDealer = admin.locator('tr', { hasText: newDealer.company });
    await fromDealer.waitFor();
    expect(await fromDealer.textContent()).toContain('Bayiden tahsilat');
    expect(await fromDealer.textContent()).toContain(euros(collectedCents));

    await admin.getByRole('menuitem', { name: 'Satış Müdürleri' }).click();
    const managerRow = admin.locator('tr', { hasText: salesManager.fullName });
    await expect
      .poll(() => managerRow.textContent(), { timeout: 15_000 })
      .toContain(euros(heldBefore + collectedCents));
    await managerRow.getByRole('button', { name: 'Tahsil et' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('input[name="amount"]').fill(typed(collectedCents));
    await dialog.getByRole('button', { name: 'Devam' }).click();
    expect(await admin.getByTestId('collect-confirmation').textContent()).toContain(
      `${euros(heldBefore + collectedCents)} → ${euros(heldBefore)}`,
    );
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cashHeld()).toBe(heldBefore);
    await expect.poll(() => managerRow.textContent(), { timeout: 15_000 }).toContain(euros(heldBefore));

    // Both collections are in the logs: the dealer's to the sales manager and the sales manager's to the company.
    const logs = await api<
      Array<{ kind: string; amount_cents: number; dealer_id: string | null; sales_manager_id: string }>
    >('admin@esim.test', `admin/collection-logs?sort=${encodeURIComponent('["created_at","DESC"]')}&range=[0,1]`);
    expect(logs.map(({ kind, amount_cents, sales_manager_id }) => ({ kind, amount_cents, sales_manager_id }))).toEqual([
      { kind: 'sales-manager-to-company', amount_cents: collectedCents, sales_manager_id: salesManager.id },
      { kind: 'dealer-to-sales-manager', amount_cents: collectedCents, sales_manager_id: salesManager.id },
    ]);
    expect(logs[1]!.dealer_id).toBe(newDealer.id);
    await admin.getByRole('menuitem', { name: 'Tahsilat Kayıtları' }).click();
    await admin
      .locator('tr', { hasText: 'Satış müdüründen tahsilat' })
      .filter({ hasText: euros(collectedCents) })
      .first()
      .waitFor();
    await admin.context().close();
  });

  it('the admin sets a credit limit; the dealer orders Plus SIMs beyond its balance within it, the approval charges the order once, and the books balance', async () => {
    expect(newDealer.id).not.toBe('');
    // After the collection above: 100 € to spend, 60 € owed.
    const before = await dealerFigures(newDealer.id);
    expect(before).toMatchObject({ available_cents: 10_000, owed_cents: 6_000, credit_limit_cents: 0 });
    const limitCents = 15_000;

    const admin = await signedInPage('admin@esim.test');
    await admin.goto(`${system.url}/dashboard/admin/dealers/${newDealer.id}/show`);
    await admin.getByRole('button', { name: 'Kredi limitini değiştir' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.locator('input[name="amount"]').fill(typed(limitCents));
    await dialog.getByRole('button', { name: 'Devam' }).click();
    const confirmation = (await admin.getByTestId('credit-limit-confirmation').textContent())!;
    expect(confirmation).toContain(`Kredi limiti: ${euros(0)} → ${euros(limitCents)}`);
    expect(confirmation).toContain(`Kalan kredi: ${euros(0)} → ${euros(limitCents - 6_000)}`);
    expect(confirmation).toContain(`Harcayabileceği: ${euros(10_000)} → ${euros(10_000 + limitCents - 6_000)}`);
    await dialog.getByRole('button', { name: 'Onayla' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await dealerFigures(newDealer.id)).toMatchObject({
      credit_limit_cents: limitCents,
      credit_available_cents: limitCents - 6_000,
    });
    await expect.poll(() => figureOf(admin, 'Kredi limiti').textContent(), { timeout: 15_000 }).toBe(euros(limitCents));

    // The fewest cards of a Plus package that cost more than the balance, within balance and credit left.
    const plus = (
      await api<Array<{ id: string; name: string; price_cents: number; available: number }>>(
        newDealer.email,
        'user/physical-sim/packages',
        newDealer.password,
      )
    ).find(
      (p) =>
        p.available > 0 &&
        Math.floor(10_000 / p.price_cents) + 1 <= p.available &&
        (Math.floor(10_000 / p.price_cents) + 1) * p.price_cents <= 10_000 + limitCents - 6_000,
    )!;
    expect(plus).toBeDefined();
    const quantity = Math.floor(10_000 / plus.price_cents) + 1;
    const totalCents = quantity * plus.price_cents;
    const drawnCents = totalCents - 10_000;

    const dealer = await signedInPage(newDealer.email, newDealer.password);
    await dealer.goto(`${system.url}/dashboard/physical-sim-purchase`);
    await dealer.getByLabel('Paket').click();
    await dealer.getByRole('option', { name: new RegExp(plus.name) }).click();
    await dealer.getByRole('spinbutton', { name: 'Adet' }).fill(String(quantity));
    await dealer.getByText(`${euros(drawnCents)} kredinizden kullanılır ve borcunuza eklenir.`).waitFor();
    await dealer.getByRole('button', { name: 'Sipariş ver' }).click();
    await dealer.getByRole('dialog').getByRole('button', { name: 'Onayla' }).click();
    await dealer.getByText('Siparişiniz alındı, yönetici onayı bekleniyor').waitFor();

    // Held in full: the balance's 100 € plus what was drawn from the credit, which the debt now includes.
    expect(await dealerFigures(newDealer.id)).toMatchObject({
      balance_cents: totalCents,
      held_cents: totalCents,
      available_cents: 0,
      owed_cents: 6_000 + drawnCents,
      credit_available_cents: limitCents - 6_000 - drawnCents,
    });
    const { token } = await login('admin@esim.test');
    const [order] = await api<Array<{ id: string; user_id: string; total_cents: number }>>(
      'admin@esim.test',
      `admin/physical-sim/orders/pending?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}&range=[0,99]`,
    ).then((orders) => orders.filter((o) => o.user_id === newDealer.id));
    expect(order).toMatchObject({ total_cents: totalCents });
    const approved = await fetch(`${system.url}/api/admin/physical-sim/orders/${order!.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(approved.status, await approved.text()).toBe(200);
    // Captured once when the balance service hears of the approval.
    await expect.poll(async () => (await dealerFigures(newDealer.id)).held_cents, { timeout: 15_000 }).toBe(0);
    expect(await dealerFigures(newDealer.id)).toMatchObject({ balance_cents: 0, owed_cents: 6_000 + drawnCents });
    await admin.reload();
    await expect
      .poll(() => figureOf(admin, 'Açık borç').textContent(), { timeout: 15_000 })
      .toBe(euros(6_000 + drawnCents));
    await dealer.context().close();
    await admin.context().close();

    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.ok, formatBooksReport(books)).toBe(true);
  });
});
