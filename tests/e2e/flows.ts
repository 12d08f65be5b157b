import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { DEMO_PLUS_PACKAGES, formatEuros } from '@esim/contracts';
import { signWebhook } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { cardNumbers } from '../../infra/src/testing/cards';
import { E2E_WEBHOOK_SECRET, type RealSystem } from './harness';

/**
 * The three business flows, only through the gateway over real HTTP, checking the money to the
 * cent at every step. Each flow has its own customer or dealer, so the three run side by side.
 */

interface Money {
  balance_cents: number;
  available_cents: number;
  held_cents: number;
}

const key = () => ({ 'idempotency-key': randomUUID() });
const unique = () => randomUUID().slice(0, 8);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Asynchronous money (captures, refunds, voids travel as events) gets this long to arrive. */
const MONEY_TIMEOUT_MS = 10_000;

async function moneyOf(system: RealSystem, token: string): Promise<Money> {
  const res = await system.api('GET', '/user/balance', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { balance_cents, available_cents, held_cents } = res.body.data as Money;
  return { balance_cents, available_cents, held_cents };
}

/** Polls until the balance is exactly `expected`, then returns it; fails with the last figures seen. */
async function expectMoney(system: RealSystem, token: string, expected: Money, what: string): Promise<void> {
  let last: Money | undefined;
  await waitFor(
    async () => {
      last = await moneyOf(system, token);
      return (
        last.balance_cents === expected.balance_cents &&
        last.available_cents === expected.available_cents &&
        last.held_cents === expected.held_cents
      );
    },
    { timeoutMs: MONEY_TIMEOUT_MS, intervalMs: 100, what },
  ).catch((error: Error) => {
    throw new Error(`${error.message}; expected ${JSON.stringify(expected)}, last seen ${JSON.stringify(last)}`);
  });
}

const settled = (balance_cents: number): Money => ({ balance_cents, available_cents: balance_cents, held_cents: 0 });

async function salesManagerId(system: RealSystem, admin: string): Promise<string> {
  const list = await system.api('GET', '/admin/sales-managers', { token: admin });
  expect(list.status).toBe(200);
  return list.body.data.find((m: { email: string }) => m.email === 'sales@esim.test').id;
}

/** A new dealer of sales@esim.test, known to every service, signed in; its credit loaded. */
async function newDealer(
  system: RealSystem,
  admin: string,
  creditCents: number,
): Promise<{ id: string; token: string; email: string }> {
  const email = `e2e-${unique()}@bayi.test`;
  const password = 'Bayi-Kart-Sifre-2026';
  const created = await system.api('POST', '/admin/dealers', {
    token: admin,
    body: {
      full_name: 'Deniz Yolcu',
      email,
      company_name: 'Yolcu İletişim',
      password,
      sales_manager_id: await salesManagerId(system, admin),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  // The catalog learns of the dealer from auth's event.
  await waitFor(
    async () => (await system.api('GET', `/admin/dealers/${id}/packages`, { token: admin })).status === 200,
    { what: 'catalog to learn the dealer' },
  );
  const token = await system.login(email, password);
  expect(await moneyOf(system, token)).toEqual(settled(0));

  const load = await system.api('POST', '/admin/dealers/balance', {
    token: admin,
    headers: key(),
    body: { dealer_id: id, amount: creditCents / 100, note: 'Açılış kredisi' },
  });
  expect(load.status, JSON.stringify(load.body)).toBeLessThan(300);
  expect(load.body.data).toMatchObject({ dealer_id: id, amount_cents: creditCents, balance_cents: creditCents });
  expect(await moneyOf(system, token)).toEqual(settled(creditCents));
  return { id, token, email };
}

async function dealerFigures(system: RealSystem, admin: string, dealerId: string) {
  const res = await system.api('GET', `/admin/dealers/balances?ids=${dealerId}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0] as { balance_cents: number; available_cents: number; held_cents: number; owed_cents: number };
}

/** The 7-day United States package the demo catalog sells at 14.99. */
async function usStarter(system: RealSystem): Promise<{ id: string; priceCents: number; dataMb: number }> {
  const us = await system.api('GET', '/public/countries/united-states/packages');
  expect(us.status).toBe(200);
  const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB');
  return { id: starter.id, priceCents: Math.round(starter.price * 100), dataMb: starter.data_mb };
}

async function buyEsim(system: RealSystem, token: string, packageId: string) {
  const bought = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: packageId, quantity: 1 },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  expect(bought.body.data.status).toBe('completed');
  return bought.body.data as {
    id: string;
    order_number: string;
    total_cents: number;
    esims: Array<{ id: string; iccid: string }>;
  };
}

/**
 * Retail: register → bank-transfer deposit → admin confirms → buy an eSIM → its QR → signed usage
 * past 80 % → the 80 % mail in the demo inbox → a second eSIM bought and refunded.
 */
export async function retailFlow(system: RealSystem): Promise<void> {
  const admin = await system.login('admin@esim.test');
  const email = `e2e-${unique()}@musteri.test`;
  const password = 'Gezgin-Kart-Sifre-2026';
  const registered = await system.api('POST', '/register', { body: { full_name: 'Ayla Gezgin', email, password } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const customer = await system.login(email, password);
  expect(await moneyOf(system, customer)).toEqual(settled(0));

  const requested = await system.api('POST', '/user/balance/add', {
    token: customer,
    headers: key(),
    body: { amount: 50, method: 'bank_transfer' },
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  expect(requested.body.data).toMatchObject({ amount_cents: 5000, status: 'pending' });
  // Nothing moves until the transfer is confirmed.
  expect(await moneyOf(system, customer)).toEqual(settled(0));
  const confirmed = await system.api('POST', `/admin/deposits/${requested.body.data.id}/confirm`, { token: admin });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.data.status).toBe('confirmed');
  expect(await moneyOf(system, customer)).toEqual(settled(5000));

  const starter = await usStarter(system);
  expect(starter.priceCents).toBe(1499);
  const first = await buyEsim(system, customer, starter.id);
  expect(first.total_cents).toBe(1499);
  // Held at once, captured when the balance service consumes esim.order.completed.
  await expectMoney(system, customer, settled(5000 - 1499), 'the first purchase captured');

  const qr = await system.api('GET', `/user/esim/qr/${first.esims[0]!.iccid}.png`, { token: customer });
  expect(qr.status).toBe(200);
  expect(qr.headers.get('content-type')).toBe('image/png');
  expect((qr.body as Buffer).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

  // 85 % of the data, in whole megabytes so the public check shows it exactly.
  const usedMb = Math.floor(starter.dataMb * 0.85);
  const raw = JSON.stringify({
    reports: [{ id: `e2e-${unique()}`, iccid: first.esims[0]!.iccid, used_bytes: usedMb * 1024 * 1024 }],
  });
  const at = Math.floor(Date.now() / 1000);
  const webhook = (secret: string) =>
    system.api('POST', '/webhooks/esim-usage', {
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-esim-timestamp': String(at),
        'x-esim-signature': signWebhook(secret, at, raw),
      },
    });
  expect((await webhook('not-the-provider-secret')).status).toBe(401);
  const usage = await webhook(E2E_WEBHOOK_SECRET);
  expect(usage.status, JSON.stringify(usage.body)).toBe(200);
  const check = await system.api('GET', `/public/balance/esim/${first.order_number}`);
  expect(check.body.data).toMatchObject({ status: 'active', totalData: starter.dataMb, usedData: usedMb });

  // auth mails the alert when it consumes esim.profile.usage-alert.
  const alert = await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as Array<{
        to: Array<{ address: string }>;
        subject: string;
      }>;
      return inbox.find(
        (mail) => mail.to.some((to) => to.address === email) && mail.subject.includes(first.order_number),
      );
    },
    { timeoutMs: MONEY_TIMEOUT_MS, intervalMs: 200, what: 'the 80 % mail in the demo inbox' },
  );
  expect(alert!.subject).toContain('%80');

  // The used eSIM is not refundable; an unused second one is, in full.
  const refusedRefund = await system.api('POST', `/user/esim/${first.esims[0]!.id}/refund`, {
    token: customer,
    body: {},
  });
  expect(refusedRefund.status).toBe(422);
  const second = await buyEsim(system, customer, starter.id);
  await expectMoney(system, customer, settled(5000 - 2 * 1499), 'the second purchase captured');
  const refunded = await system.api('POST', `/user/esim/${second.esims[0]!.id}/refund`, {
    token: customer,
    body: { reason: 'Seyahat iptal' },
  });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  expect(refunded.body.data).toMatchObject({ refunded_cents: 1499, status: 'refunded' });
  await expectMoney(system, customer, settled(5000 - 1499), 'the refund');
}

/**
 * Dealer: admin creates a dealer under sales@esim.test and loads credit → the sales manager sets a
 * dealer price → the dealer buys at it → the sales manager collects cash → the admin collects from
 * the sales manager → both see it in their collection logs.
 */
export async function dealerFlow(system: RealSystem): Promise<void> {
  const admin = await system.login('admin@esim.test');
  const sales = await system.login('sales@esim.test');
  const dealer = await newDealer(system, admin, 100_00);
  expect(await dealerFigures(system, admin, dealer.id)).toMatchObject({ balance_cents: 100_00, owed_cents: 100_00 });

  const starter = await usStarter(system);
  const priced = await system.api('PUT', `/sales-manager/dealers/${dealer.id}/packages/${starter.id}`, {
    token: sales,
    body: { price: 12.5 },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  const listed = await system.api(
    'GET',
    `/user/packages?filter=${encodeURIComponent(JSON.stringify({ id: [starter.id] }))}`,
    { token: dealer.token },
  );
  expect(listed.body.data.find((p: { id: string }) => p.id === starter.id).price).toBe(12.5);

  const order = await buyEsim(system, dealer.token, starter.id);
  expect(order.total_cents).toBe(1250);
  await expectMoney(system, dealer.token, settled(100_00 - 1250), 'the dealer purchase captured');

  const cashBefore = (await system.api('GET', '/sales-manager/balance', { token: sales })).body.data
    .cash_held_cents as number;
  const collected = await system.api('POST', '/sales-manager/collect', {
    token: sales,
    headers: key(),
    body: { dealer_id: dealer.id, amount: 40, note: 'Elden tahsilat' },
  });
  expect(collected.status, JSON.stringify(collected.body)).toBe(201);
  expect(collected.body.data).toMatchObject({
    kind: 'dealer-to-sales-manager',
    amount_cents: 4000,
    dealer_owed_cents: 60_00,
    cash_held_cents: cashBefore + 4000,
  });
  const salesView = (await system.api('GET', '/sales-manager/balance', { token: sales })).body.data;
  expect(salesView.cash_held_cents).toBe(cashBefore + 4000);
  expect(salesView.dealers.find((d: { dealer_id: string }) => d.dealer_id === dealer.id)).toMatchObject({
    owed_cents: 60_00,
  });
  // Cash paid in settles debt, not the spendable balance.
  expect(await dealerFigures(system, admin, dealer.id)).toMatchObject({
    balance_cents: 100_00 - 1250,
    owed_cents: 60_00,
  });

  const handedOver = await system.api('POST', '/admin/sales-managers/collect', {
    token: admin,
    headers: key(),
    body: { sales_manager_id: await salesManagerId(system, admin), amount: 40, note: 'Kasaya teslim' },
  });
  expect(handedOver.status, JSON.stringify(handedOver.body)).toBe(201);
  expect(handedOver.body.data).toMatchObject({
    kind: 'sales-manager-to-company',
    amount_cents: 4000,
    cash_held_cents: cashBefore,
  });
  expect((await system.api('GET', '/sales-manager/balance', { token: sales })).body.data.cash_held_cents).toBe(
    cashBefore,
  );

  const logs = await system.api('GET', '/admin/collection-logs?limit=100', { token: admin });
  expect(logs.status).toBe(200);
  const logged = (id: string) => logs.body.data.find((log: { id: string }) => log.id === id);
  expect(logged(collected.body.data.collection_id)).toMatchObject({
    kind: 'dealer-to-sales-manager',
    dealer_id: dealer.id,
    amount_cents: 4000,
  });
  expect(logged(handedOver.body.data.collection_id)).toMatchObject({
    kind: 'sales-manager-to-company',
    amount_cents: 4000,
  });
  const report = await system.api('GET', '/sales-manager/collection-report', { token: sales });
  expect(report.status).toBe(200);
  expect(report.body.data.by_dealer.find((d: { dealer_id: string }) => d.dealer_id === dealer.id)).toMatchObject({
    total_cents: 4000,
    count: 1,
  });

  // The month's statement closes where the ledger stands: the balance less what the dealer owes, line by line.
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);
  const statement = await system.api('GET', `/user/statements/${month}`, { token: dealer.token });
  expect(statement.status, JSON.stringify(statement.body)).toBe(200);
  const figures = await dealerFigures(system, admin, dealer.id);
  const closing = statement.body.data.closing_balance_cents as number;
  expect(closing).toBe(figures.balance_cents - figures.owed_cents);
  expect(statement.body.data).toMatchObject({
    balance_cents: figures.balance_cents,
    credit_used_cents: figures.owed_cents,
  });
  const lines = statement.body.data.lines as Array<{ amount_cents: number; balance_after_cents: number }>;
  expect(statement.body.data.opening_balance_cents + lines.reduce((sum, l) => sum + l.amount_cents, 0)).toBe(closing);
  expect(lines.at(-1)?.balance_after_cents).toBe(closing);
}

/** An xlsx with the import template's own header row and these cards. */
async function importSheet(
  system: RealSystem,
  admin: string,
  cards: Array<{ iccid: string; serial_number: string; eid: string }>,
  packageCode: string,
): Promise<Buffer> {
  const template = await system.api('GET', '/admin/physical-sim/import/template', { token: admin });
  expect(template.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(template.body as Buffer).buffer);
  const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(['iccid', 'serial_number', 'eid', 'package_code']);
  const sheet = new ExcelJS.Workbook();
  const rows = sheet.addWorksheet('cards');
  rows.addRow(header);
  for (const card of cards) rows.addRow([card.iccid, card.serial_number, card.eid, packageCode]);
  return Buffer.from(await sheet.xlsx.writeBuffer());
}

/**
 * Physical SIM: admin imports an xlsx (run by the worker process) → a dealer orders Plus SIMs →
 * admin approves → the dealer is charged exactly once → a returned card is refunded exactly once →
 * a second order rejected releases its hold.
 */
export async function physicalSimFlow(system: RealSystem): Promise<void> {
  const admin = await system.login('admin@esim.test');
  const dealer = await newDealer(system, admin, 300_00);
  const plus = DEMO_PLUS_PACKAGES[0]!;
  const available = async () =>
    (await system.api('GET', `/user/physical-sim/available?package_id=${plus.id}`, { token: dealer.token })).body.data
      .available as number;
  // physical-sim learns of the dealer from auth's event.
  await waitFor(
    async () => (await system.api('GET', '/user/physical-sim/packages', { token: dealer.token })).status === 200,
    { what: 'physical-sim to learn the dealer' },
  );
  const stockBefore = await available();

  const cards = [1, 2, 3, 4].map((n) => cardNumbers(771, n));
  const file = await importSheet(system, admin, cards, plus.code);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'cards.xlsx',
  );
  const queued = await system.api('POST', '/admin/physical-sim/import-excel', { token: admin, body: form });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const job = await waitFor(
    async () => {
      const res = await system.api('GET', `/admin/physical-sim/imports/${queued.body.data.id}`, { token: admin });
      return ['completed', 'failed'].includes(res.body.data.status) ? res.body.data : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'the import worker to run the import' },
  );
  expect(job).toMatchObject({ status: 'completed', rows_imported: 4, rows_rejected: 0 });
  expect(await available()).toBe(stockBefore + 4);

  const packages = await system.api('GET', '/user/physical-sim/packages', { token: dealer.token });
  const priceCents = packages.body.data.find((p: { id: string }) => p.id === plus.id).price_cents as number;
  expect(priceCents).toBeGreaterThan(0);
  const credit = 300_00;

  const placed = await system.api('POST', '/user/physical-sim/order', {
    token: dealer.token,
    headers: key(),
    body: { package_id: plus.id, quantity: 2 },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.data).toMatchObject({ status: 'pending', quantity: 2, total_cents: 2 * priceCents });
  // Held at once: spendable drops, the balance does not.
  expect(await moneyOf(system, dealer.token)).toEqual({
    balance_cents: credit,
    available_cents: credit - 2 * priceCents,
    held_cents: 2 * priceCents,
  });

  const approved = await system.api('POST', `/admin/physical-sim/orders/${placed.body.data.id}/approve`, {
    token: admin,
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body.data.card_ids).toHaveLength(2);
  const charged = credit - 2 * priceCents;
  await expectMoney(system, dealer.token, settled(charged), 'dealer charged');
  const outgoing = async () =>
    (
      (await system.api('GET', '/user/transactions?limit=100', { token: dealer.token })).body.data as Array<{
        direction: string;
        amount_cents: number;
      }>
    ).filter((t) => t.direction === 'out');
  expect((await outgoing()).map((t) => Math.abs(t.amount_cents))).toEqual([2 * priceCents]);

  const returned = await system.api('POST', '/user/physical-sim/return', {
    token: dealer.token,
    body: { card_ids: [approved.body.data.card_ids[0]], reason: 'Müşteri iade etti' },
  });
  expect(returned.status, JSON.stringify(returned.body)).toBe(201);
  expect(returned.body.data).toMatchObject({ status: 'pending', refund_cents: priceCents });
  const returnApproved = await system.api('POST', `/admin/physical-sim/returns/${returned.body.data.id}/approve`, {
    token: admin,
  });
  expect(returnApproved.status, JSON.stringify(returnApproved.body)).toBe(200);
  await expectMoney(system, dealer.token, settled(charged + priceCents), 'dealer refunded');
  const incoming = (
    (await system.api('GET', '/user/transactions?limit=100', { token: dealer.token })).body.data as Array<{
      direction: string;
      amount_cents: number;
    }>
  ).filter((t) => t.direction === 'in');
  expect(incoming.map((t) => Math.abs(t.amount_cents)).sort((a, b) => a - b)).toEqual(
    [priceCents, credit].sort((a, b) => a - b),
  );
  expect(await outgoing()).toHaveLength(1);

  const second = await system.api('POST', '/user/physical-sim/order', {
    token: dealer.token,
    headers: key(),
    body: { package_id: plus.id, quantity: 1 },
  });
  expect(second.status, JSON.stringify(second.body)).toBe(201);
  const refunded = charged + priceCents;
  expect(await moneyOf(system, dealer.token)).toEqual({
    balance_cents: refunded,
    available_cents: refunded - priceCents,
    held_cents: priceCents,
  });
  const rejected = await system.api('POST', `/admin/physical-sim/orders/${second.body.data.id}/reject`, {
    token: admin,
    body: { reason: 'Stok ayrıldı' },
  });
  expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
  await expectMoney(system, dealer.token, settled(refunded), 'the rejected order hold released');
  expect(await dealerFigures(system, admin, dealer.id)).toMatchObject({ balance_cents: refunded, held_cents: 0 });

  // A return the admin rejects refunds nothing; the card stays with the dealer.
  const refusedReturn = await system.api('POST', '/user/physical-sim/return', {
    token: dealer.token,
    body: { card_ids: [approved.body.data.card_ids[1]], reason: 'Müşteri vazgeçti' },
  });
  expect(refusedReturn.status, JSON.stringify(refusedReturn.body)).toBe(201);
  const returnRejected = await system.api('POST', `/admin/physical-sim/returns/${refusedReturn.body.data.id}/reject`, {
    token: admin,
    body: { reason: 'Kart kullanılmış' },
  });
  expect(returnRejected.status, JSON.stringify(returnRejected.body)).toBe(200);
  expect(await moneyOf(system, dealer.token)).toEqual(settled(refunded));

  // The dealer is mailed every decision, a rejection with its reason (auth consumes physical-sim's events).
  const orderNumber = (id: string) => `PS-${id.slice(0, 8).toUpperCase()}`;
  const expected = [
    { subject: `Fiziksel SIM siparişiniz onaylandı (${orderNumber(placed.body.data.id)})`, says: 'kartlar stoğunuzda' },
    { subject: 'Kart iadeniz onaylandı', says: `${formatEuros(priceCents)} bakiyenize iade edildi` },
    {
      subject: `Fiziksel SIM siparişiniz reddedildi (${orderNumber(second.body.data.id)})`,
      says: 'Ret nedeni: Stok ayrıldı',
    },
    { subject: 'Kart iadeniz reddedildi', says: 'Ret nedeni: Kart kullanılmış' },
  ];
  const mails = (await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as Array<{
        to: Array<{ address: string }>;
        subject: string;
        text: string;
      }>;
      const mine = inbox.filter((mail) => mail.to.some((to) => to.address === dealer.email));
      return expected.every((e) => mine.some((mail) => mail.subject.startsWith(e.subject))) ? mine : undefined;
    },
    { timeoutMs: MONEY_TIMEOUT_MS, intervalMs: 300, what: "the dealer's four decision mails" },
  ))!;
  for (const e of expected) {
    const found = mails.filter((mail) => mail.subject.startsWith(e.subject));
    expect(found, e.subject).toHaveLength(1);
    expect(found[0]!.text).toContain(e.says);
  }
}
