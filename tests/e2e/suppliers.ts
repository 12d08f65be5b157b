import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DISTANCE_SALE_VERSION, type EsimOrder } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { payByCard } from './cards';
import type { RealSystem } from './harness';

/**
 * eSIMs bought from a wholesale supplier at the moment of sale, on the real processes against the
 * supplier's fake (`npm start -- --supplier <name>`; the demo admin made packages of its offers at
 * start): the QR is the supplier's own; its low-data webhook brings the usage mail; a lost answer buys once; the supplier's refusal charges
 * nothing and the admin sees it; a late allocation reads "processing" and then delivers; a refund of a
 * never-installed eSIM cancels it at the supplier. The suite's ledger and consistency checks follow.
 */
const key = () => ({ 'idempotency-key': randomUUID() });
const TIMEOUT_MS = 60_000;

async function fake<T>(system: RealSystem, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${system.fakeSupplierUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A new traveller with money on the balance (a card deposit), and a package of the supplier's for the United States. */
async function travellerWithPackage(system: RealSystem, prefix: 'AL-' | 'EA-') {
  const email = `e2e-${randomUUID().slice(0, 8)}@tedarik.test`;
  const password = 'Tedarik-Gezgin-2026';
  expect(
    (await system.api('POST', '/register', { body: { full_name: 'Tedarik Gezgin', email, password } })).status,
  ).toBe(201);
  const token = await system.login(email, password);
  await payByCard(system, token, 150);
  const us = await system.api('GET', '/public/countries/united-states/packages');
  const pkg = (us.body.data.packages as Array<{ id: string; code: string; price: number }>).find(
    (p) => p.code.startsWith(prefix) && !/UNLIMITED/.test(p.code),
  );
  expect(pkg, `a ${prefix} package on the US page`).toBeDefined();
  return { token, email, pkg: pkg! };
}

const buy = (system: RealSystem, token: string, packageId: string) =>
  system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: { package_id: packageId, quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } },
  });

const availableCents = async (system: RealSystem, token: string) =>
  (await system.api('GET', '/user/balance', { token })).body.data.available_cents as number;

/**
 * The eSIM's top-up panel offers its supplier's top-ups (top-up-only packages, never sold as a new
 * eSIM); buying one adds data at the supplier on the same eSIM, charged once, and a replay of the
 * request adds nothing. `atSupplier` reads the eSIM's top-ups and data at the supplier's fake.
 */
async function topUpAtSupplier(
  system: RealSystem,
  token: string,
  esimId: string,
  atSupplier: () => Promise<{ topUps: number; dataMb: number }>,
): Promise<void> {
  const panel = await system.api('GET', `/user/esim/${esimId}/top-ups`, { token });
  expect(panel.status, JSON.stringify(panel.body)).toBe(200);
  const offer = panel.body.data as {
    available: boolean;
    refusal: string | null;
    packages: Array<{ id: string; data_mb: number; price_cents: number }>;
  };
  expect(offer.available, offer.refusal ?? '').toBe(true);
  const pkg = offer.packages[0]!;
  // A top-up-only package is no new eSIM: buying it as one is refused, naming the field.
  const asNew = await buy(system, token, pkg.id);
  expect(asNew.status).toBe(422);
  expect(asNew.body.code).toBe('package_top_up_only');
  expect(asNew.body.errors[0].path).toBe('package_id');

  const before = await atSupplier();
  const available = await availableCents(system, token);
  const headers = key();
  const topUp = () =>
    system.api('POST', `/user/esim/${esimId}/top-ups`, {
      token,
      headers,
      body: { package_id: pkg.id, agreement: { version: DISTANCE_SALE_VERSION } },
    });
  const first = await topUp();
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(await atSupplier()).toEqual({ topUps: before.topUps + 1, dataMb: before.dataMb + pkg.data_mb });
  const again = await topUp();
  expect([200, 201]).toContain(again.status);
  expect(again.body.data.id).toBe(first.body.data.id);
  expect(await atSupplier()).toEqual({ topUps: before.topUps + 1, dataMb: before.dataMb + pkg.data_mb });
  await waitFor(async () => (await availableCents(system, token)) === available - pkg.price_cents, {
    timeoutMs: TIMEOUT_MS,
    what: 'one charge for the top-up',
  });
}

export async function airaloFlow(system: RealSystem): Promise<void> {
  const { token, pkg } = await travellerWithPackage(system, 'AL-');

  // Bought at Airalo at once: the QR is Airalo's.
  const bought = await buy(system, token, pkg.id);
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const esim = (bought.body.data as EsimOrder).esims[0]!;
  const sim = await fake<{ qrcode: string }>(system, 'GET', `/__fake/sims/${esim.iccid}`);
  expect(esim.activation_code).toBe(sim.qrcode);

  // The eSIM is used at Airalo (930 of its 1,024 MB): Airalo's signed low-data webhooks follow, and the buyer
  // gets the 80 % mail. The shop opts in to them at start, once the gateway answers Airalo's address check.
  await waitFor(
    async () =>
      (
        await fake<Array<{ path: string; status: number | null; body: { type?: string } | null }>>(
          system,
          'GET',
          '/__fake/requests',
        )
      ).some((r) => r.path === '/v2/notifications/opt-in' && r.status === 200 && r.body?.type === 'webhook_low_data'),
    { timeoutMs: TIMEOUT_MS, intervalMs: 500, what: 'the shop opted in to Airalo’s low-data webhooks' },
  );
  await fake(system, 'POST', `/__fake/sims/${esim.iccid}/usage`, { state: 'in_use', usedMb: 930 });
  const orderNumber = (bought.body.data as EsimOrder).order_number;
  await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as Array<{ subject: string }>;
      return inbox.some((mail) => mail.subject === `eSIM verinizin %80'i kullanıldı (${orderNumber})`);
    },
    { timeoutMs: TIMEOUT_MS, intervalMs: 300, what: 'the 80 % mail after Airalo’s low-data webhook' },
  );

  // Topped up from the eSIM's panel: Airalo's own top-up for that ICCID (a top-up-only package the admin
  // made of its offer), the data added at Airalo on the same eSIM; the same request again tops up nothing more.
  await topUpAtSupplier(system, token, esim.id, async () => {
    const sim = await fake<{ topUps: string[]; totalMb: number }>(system, 'GET', `/__fake/sims/${esim.iccid}`);
    return { topUps: sim.topUps.length, dataMb: sim.totalMb };
  });

  // Airalo makes the order and the answer is lost: one Airalo order and one charge all the same.
  await fake(system, 'POST', '/__fake/faults', { kind: 'drop', path: '/v2/orders', method: 'POST', times: 1 });
  const before = await availableCents(system, token);
  const lost = await buy(system, token, pkg.id);
  expect([201, 202]).toContain(lost.status);
  const orderId = lost.body.data.id as string;
  await waitFor(
    async () => (await system.api('GET', `/user/esim/orders/${orderId}`, { token })).body.data.status === 'completed',
    { timeoutMs: TIMEOUT_MS, intervalMs: 500, what: 'the order whose answer was lost, found by its description' },
  );
  const atAiralo = (await fake<Array<{ description: string }>>(system, 'GET', '/__fake/orders')).filter(
    (order) => order.description === orderId,
  );
  expect(atAiralo).toHaveLength(1);
  await waitFor(async () => (await availableCents(system, token)) === before - Math.round(pkg.price * 100), {
    timeoutMs: TIMEOUT_MS,
    what: 'one charge for the order',
  });

  // Airalo refuses for its own balance: the buyer is charged nothing and told so; the admin sees it.
  await fake(system, 'POST', '/__fake/balance', { cents: 0 });
  const refused = await buy(system, token, pkg.id);
  await fake(system, 'POST', '/__fake/balance', { cents: 10_000_00 });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('supplier_balance_low');
  expect(refused.body.message).toContain('ücret alınmadı');
  expect(await availableCents(system, token)).toBe(before - Math.round(pkg.price * 100));
  const admin = await system.login('admin@esim.test');
  const suppliers = (await system.api('GET', '/admin/esim/suppliers', { token: admin })).body.data as Array<{
    name: string;
    failed_last_day: number;
  }>;
  expect(suppliers.find((s) => s.name === 'airalo')!.failed_last_day).toBeGreaterThanOrEqual(1);
}

export async function esimAccessFlow(system: RealSystem): Promise<void> {
  const { token, pkg } = await travellerWithPackage(system, 'EA-');

  // eSIM Access allocates 20 s later: the order reads processing, then delivers the supplier's own QR.
  await fake(system, 'POST', '/__fake/allocation', { seconds: 20 });
  const placed = await buy(system, token, pkg.id);
  // Back to the fake's default (3 s) for the orders after this one (null would never allocate them).
  await fake(system, 'POST', '/__fake/allocation', { seconds: 3 });
  expect(placed.status, JSON.stringify(placed.body)).toBe(202);
  const orderId = placed.body.data.id as string;
  expect((await system.api('GET', `/user/esim/orders/${orderId}`, { token })).body.data.status).toBe('processing');
  const order = (await waitFor(
    async () => {
      const seen = (await system.api('GET', `/user/esim/orders/${orderId}`, { token })).body.data as EsimOrder;
      return seen.status === 'completed' ? seen : undefined;
    },
    { timeoutMs: TIMEOUT_MS, intervalMs: 1000, what: 'the eSIM allocated by eSIM Access' },
  ))!;
  const atSupplier = (
    await fake<Array<{ transactionId: string; esimTranNos: string[] }>>(system, 'GET', '/__fake/orders')
  ).find((o) => o.transactionId === orderId)!;
  const state = await fake<{ ac: string; esimStatus: string }>(
    system,
    'GET',
    `/__fake/esims/${atSupplier.esimTranNos[0]}`,
  );
  expect(order.esims[0]!.activation_code).toBe(state.ac);

  // Refunded before it was ever installed: cancelled at eSIM Access first, then the buyer refunded.
  const available = await availableCents(system, token);
  const refund = await system.api('POST', `/user/esim/${order.esims[0]!.id}/refund`, { token, body: {} });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  await waitFor(
    async () =>
      (await fake<{ esimStatus: string }>(system, 'GET', `/__fake/esims/${atSupplier.esimTranNos[0]}`)).esimStatus ===
      'CANCEL',
    { timeoutMs: TIMEOUT_MS, what: 'the eSIM cancelled at eSIM Access' },
  );
  await waitFor(async () => (await availableCents(system, token)) === available + order.total_cents, {
    timeoutMs: TIMEOUT_MS,
    what: 'the price back on the balance',
  });

  // eSIM Access allocates at most 30 eSIMs in one order: 31 are refused before anything is held, naming the field.
  const tooMany = await system.api('POST', '/user/packages/buy', {
    token,
    headers: { ...key(), 'accept-language': 'en' },
    body: { package_id: pkg.id, quantity: 31, agreement: { version: DISTANCE_SALE_VERSION } },
  });
  expect(tooMany.status).toBe(422);
  expect(tooMany.body.errors[0]).toEqual({
    path: 'quantity',
    message: 'At most 30 eSIMs of this package can be bought in one order',
  });
  expect(await availableCents(system, token)).toBe(available + order.total_cents);

  // Another eSIM, in use on a phone: topped up with eSIM Access's own top-up for it, on the same eSIM there.
  const second = await buy(system, token, pkg.id);
  expect([201, 202], JSON.stringify(second.body)).toContain(second.status);
  const inUse = (await waitFor(
    async () => {
      const seen = (await system.api('GET', `/user/esim/orders/${second.body.data.id}`, { token })).body
        .data as EsimOrder;
      return seen.status === 'completed' ? seen.esims[0] : undefined;
    },
    { timeoutMs: TIMEOUT_MS, intervalMs: 500, what: 'the second eSIM from eSIM Access' },
  ))!;
  const tranNo = (
    await fake<Array<{ transactionId: string; esimTranNos: string[] }>>(system, 'GET', '/__fake/orders')
  ).find((o) => o.transactionId === second.body.data.id)!.esimTranNos[0]!;
  await fake(system, 'POST', `/__fake/esims/${tranNo}/install`, {});
  await fake(system, 'POST', `/__fake/esims/${tranNo}/use`, { bytes: 200 * 1024 * 1024, reportNow: true });
  await waitFor(
    async () => (await system.api('GET', `/user/esim/${inUse.id}/usage`, { token })).body.data.esim.status === 'active',
    { timeoutMs: TIMEOUT_MS, intervalMs: 500, what: 'the eSIM in use, as eSIM Access reports it' },
  );
  await topUpAtSupplier(system, token, inUse.id, async () => {
    const state = await fake<{ topUps: unknown[]; totalVolume: number }>(system, 'GET', `/__fake/esims/${tranNo}`);
    return { topUps: state.topUps.length, dataMb: Math.round(state.totalVolume / (1024 * 1024)) };
  });
}
