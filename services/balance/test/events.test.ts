import { randomUUID } from 'node:crypto';
import type { EventPayload, EventType } from '@esim/contracts';
import { createDb, createEventBus, publish, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivable, salesManagerCash, spendable } from '../src/ledger/accounts';
import { createHold, voidHold } from '../src/ledger/holds';
import { fundFromBank } from '../src/ledger/bank-funding';
import { accountOf, expectLedgerValid, given, givenDealer, key, person, startApp, type App } from './support';

/**
 * The balance service's event handlers through the real event bus (embedded PostgreSQL log):
 * the auth and physical-sim services' outboxes are relayed by their own buses, as in production.
 */
// Retry fast and park soon, so the poison-event case below settles within the test.
const savedEnv = { ...process.env };
process.env.EVENTS_MAX_ATTEMPTS = '2';
process.env.EVENTS_RETRY_BASE_MS = '20';
process.env.EVENTS_METRICS_LOG_MS = '0';

let app: App;
let as: Awaited<ReturnType<typeof startApp>>['as'];
let internal: Record<string, string>;
const producers: Array<{ db: Knex; bus: EventBus }> = [];
let bySchema: (schema: string) => Knex;
let emit: <T extends EventType>(
  schema: 'auth' | 'physical_sim' | 'esim',
  type: T,
  payload: EventPayload<T>,
) => Promise<void>;
const admin = person(3);

beforeAll(async () => {
  ({ app, as, internal } = await startApp());
  const config = { DATABASE_URL: app.config.DATABASE_URL };
  const schemas = new Map<string, Knex>();
  for (const [service, schema] of [
    ['auth', 'auth'],
    ['physical-sim', 'physical_sim'],
    ['esim', 'esim'],
  ] as const) {
    const db = createDb(config.DATABASE_URL, schema, 2);
    const bus = createEventBus({ service, db, config, settings: { metricsLogIntervalMs: 0 } });
    await bus.start();
    producers.push({ db, bus });
    schemas.set(schema, db);
  }
  bySchema = (schema) => schemas.get(schema)!;
  emit = async (schema, type, payload) => {
    await bySchema(schema).transaction((trx) =>
      publish(trx, schema.replace('_', '-'), { type, aggregateId: randomUUID(), payload }),
    );
  };
  await app.events.start();
});

afterAll(async () => {
  for (const { bus, db } of producers) {
    await bus.stop();
    await db.destroy();
  }
  await expectLedgerValid(app.db);
  await app.close();
  for (const name of ['EVENTS_MAX_ATTEMPTS', 'EVENTS_RETRY_BASE_MS', 'EVENTS_METRICS_LOG_MS']) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

const accountExists = async (accountKey: string) =>
  Boolean(await app.db('accounts').where({ key: accountKey }).first('id'));

describe('auth events', () => {
  it('open accounts and keep the dealer → sales-manager map that collections are checked against', async () => {
    const manager = person(4);
    const dealer = person(2);
    await emit('auth', 'auth.user.registered', {
      userId: manager.id,
      email: manager.email,
      fullName: 'Serkan Satış',
      userType: 4,
      status: 'active',
    });
    await emit('auth', 'auth.sales-manager.created', {
      salesManagerId: manager.id,
      userId: manager.id,
      email: manager.email,
      fullName: 'Serkan Satış',
      status: 'active',
    });
    await emit('auth', 'auth.user.registered', {
      userId: dealer.id,
      email: dealer.email,
      fullName: 'Deniz',
      userType: 2,
      status: 'active',
    });
    const profile = {
      dealerId: dealer.id,
      userId: dealer.id,
      email: dealer.email,
      fullName: 'Deniz',
      companyName: 'Deniz Telekom',
      phone: null,
      status: 'active' as const,
    };
    await emit('auth', 'auth.dealer.created', { ...profile, salesManagerId: manager.id });
    await waitFor(
      async () =>
        (await accountExists(receivable(dealer.id).key)) && (await accountExists(salesManagerCash(manager.id).key)),
      {
        what: 'accounts opened from auth events',
      },
    );
    expect(await accountExists(spendable(dealer.id).key)).toBe(true);
    // A sales manager never spends: no spendable account for them.
    expect(await accountExists(spendable(manager.id).key)).toBe(false);

    await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: await as(admin, { 'idempotency-key': key() }),
      payload: { dealer_id: dealer.id, amount: 100 },
    });
    const collect = async () =>
      app.inject({
        method: 'POST',
        url: '/sales-manager/collect',
        headers: await as(manager, { 'idempotency-key': key() }),
        payload: { dealer_id: dealer.id, amount: 10 },
      });
    expect((await collect()).statusCode).toBe(201);

    // The dealer moves to another sales manager: the first may no longer collect.
    await emit('auth', 'auth.dealer.updated', { ...profile, salesManagerId: randomUUID() });
    await waitFor(
      async () => (await app.db('parties').where({ id: dealer.id }).first()).sales_manager_id !== manager.id,
      { what: 'dealer moved' },
    );
    expect((await collect()).statusCode).toBe(403);
  });
});

describe('physical-sim order events', () => {
  async function dealerWithHold(euros: number, holdCents: number) {
    const dealer = await givenDealer(app.db);
    await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: await as(admin, { 'idempotency-key': key() }),
      payload: { dealer_id: dealer.id, amount: euros },
    });
    const orderId = `ps-${randomUUID()}`;
    const res = await app.inject({
      method: 'POST',
      url: '/internal/holds',
      headers: internal,
      payload: { order_id: orderId, user_id: dealer.id, amount_cents: holdCents },
    });
    expect(res.statusCode).toBe(201);
    return { dealer, orderId, holdId: res.json().data.id as string };
  }
  const holdStatus = async (id: string) => (await app.db('holds').where({ id }).first('status')).status as string;

  it('approved → the hold is captured; rejected → voided', async () => {
    const approved = await dealerWithHold(100, 60_00);
    await emit('physical_sim', 'physical-sim.order.approved', {
      orderId: approved.orderId,
      userId: approved.dealer.id,
      amountCents: 60_00,
      holdId: approved.holdId,
    });
    await waitFor(async () => (await holdStatus(approved.holdId)) === 'captured', {
      what: 'capture from order approved',
    });
    expect(await accountOf(app.db, spendable(approved.dealer.id).key)).toEqual({ balance: 40_00, held: 0 });

    // The event may name only the order: the hold is found by order id.
    const rejected = await dealerWithHold(100, 30_00);
    await emit('physical_sim', 'physical-sim.order.rejected', {
      orderId: rejected.orderId,
      userId: rejected.dealer.id,
      amountCents: 30_00,
      holdId: null,
      reason: 'stok yok',
    });
    await waitFor(async () => (await holdStatus(rejected.holdId)) === 'voided', { what: 'void from order rejected' });
    expect(await accountOf(app.db, spendable(rejected.dealer.id).key)).toEqual({ balance: 100_00, held: 0 });
    const counts = await app
      .db('orders')
      .whereIn('order_id', [approved.orderId, rejected.orderId])
      .orderBy('status')
      .pluck('status');
    expect(counts).toEqual(['approved', 'rejected']);
  });

  it('return approved → refunded to the user once per return, however often the event arrives', async () => {
    const { dealer, orderId, holdId } = await dealerWithHold(50, 20_00);
    await emit('physical_sim', 'physical-sim.order.approved', {
      orderId,
      userId: dealer.id,
      amountCents: 20_00,
      holdId,
    });
    await waitFor(async () => (await holdStatus(holdId)) === 'captured', { what: 'capture' });
    const returnId = randomUUID();
    // Published twice (two events, same return): the refund happens once.
    await emit('physical_sim', 'physical-sim.return.approved', {
      returnId,
      orderId,
      userId: dealer.id,
      refundCents: 20_00,
    });
    await emit('physical_sim', 'physical-sim.return.approved', {
      returnId,
      orderId,
      userId: dealer.id,
      refundCents: 20_00,
    });
    await waitFor(
      async () => (await app.db('inbox').where({ type: 'physical-sim.return.approved' }).count({ n: '*' }))[0]!.n === 2,
      { what: 'both deliveries handled' },
    );
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 50_00, held: 0 });
    expect(await app.db('transfers').where({ kind: 'refund', reference: returnId }).count({ n: '*' })).toEqual([
      { n: 1 },
    ]);
  });

  it('an approval whose hold does not exist is not silently dropped: it is parked for an operator', async () => {
    const orderId = `ghost-${randomUUID()}`;
    await emit('physical_sim', 'physical-sim.order.approved', {
      orderId,
      userId: randomUUID(),
      amountCents: 10_00,
      holdId: null,
    });
    const parked = await waitFor(
      async () => app.db('parked_events').whereRaw(`envelope->'payload'->>'orderId' = ?`, [orderId]).first(),
      {
        what: 'poison event parked',
        timeoutMs: 15_000,
      },
    );
    expect(parked.last_error).toContain(`no hold for order ${orderId}`);
  });

  it('a rejection of an order that never got its hold (rejected while still being placed) voids nothing and is not parked; one naming a missing hold is', async () => {
    const dealer = await givenDealer(app.db);
    const neverHeld = randomUUID();
    await emit('physical_sim', 'physical-sim.order.rejected', {
      orderId: neverHeld,
      userId: dealer.id,
      amountCents: 12_00,
      holdId: null,
      reason: 'placing_expired',
    });
    await waitFor(
      async () =>
        (await app.db('orders').where({ kind: 'physical-sim', order_id: neverHeld }).first())?.status === 'rejected',
      { what: 'rejection counted' },
    );
    expect(await app.db('holds').where({ order_id: neverHeld })).toEqual([]);
    expect(await app.db('parked_events').whereRaw(`envelope->'payload'->>'orderId' = ?`, [neverHeld])).toEqual([]);
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 0, held: 0 });

    const namedGhost = randomUUID();
    await emit('physical_sim', 'physical-sim.order.rejected', {
      orderId: namedGhost,
      userId: dealer.id,
      amountCents: 12_00,
      holdId: randomUUID(),
      reason: null,
    });
    const parked = await waitFor(
      async () => app.db('parked_events').whereRaw(`envelope->'payload'->>'orderId' = ?`, [namedGhost]).first(),
      { what: 'poison rejection parked', timeoutMs: 15_000 },
    );
    expect(parked.last_error).toContain(`no hold for order ${namedGhost}`);
  });
});

describe('esim order events', () => {
  /** A customer with money in their spendable account (a bank deposit through the ledger). */
  async function fundedCustomer(cents: number) {
    const customer = person(1);
    await fundFromBank(app.db, customer.id, cents, { idempotencyKey: `test-fund:${randomUUID()}`, createdBy: 'test' });
    return customer;
  }
  /** What the esim service's purchase leaves before completing: a pending hold for the order. */
  async function heldOrder(customer: { id: string }, cents: number) {
    const orderId = randomUUID();
    const { holdId } = await createHold(app.db, { orderId, userId: customer.id, amountCents: cents });
    return { orderId, holdId, cents };
  }

  it('completed → the holds are captured (a run of them in one ledger call) and counted; failed is counted', async () => {
    const customer = await fundedCustomer(50_00);
    const orders = [await heldOrder(customer, 14_99), await heldOrder(customer, 9_99), await heldOrder(customer, 5_00)];
    // Published in one transaction, so they reach the consumer together.
    await bySchema('esim').transaction(async (trx) => {
      for (const o of orders) {
        await publish(trx, 'esim', {
          type: 'esim.order.completed',
          aggregateId: o.orderId,
          payload: { orderId: o.orderId, userId: customer.id, amountCents: o.cents, holdId: o.holdId },
        });
      }
    });
    await emit('esim', 'esim.order.failed', {
      orderId: randomUUID(),
      userId: customer.id,
      amountCents: 24_99,
      holdId: null,
      reason: 'provider down',
    });
    await waitFor(async () => (await app.db('orders').where({ user_id: customer.id }).count({ n: '*' }))[0]!.n === 4, {
      what: 'orders counted',
    });
    expect(
      await app
        .db('holds')
        .whereIn(
          'id',
          orders.map((o) => o.holdId),
        )
        .pluck('status'),
    ).toEqual(['captured', 'captured', 'captured']);
    expect(await accountOf(app.db, spendable(customer.id).key)).toEqual({ balance: 50_00 - 29_98, held: 0 });
    const res = await app.inject({ url: '/user/dashboard', headers: await as(customer) });
    expect(res.json().data.orders.esim).toEqual({ total: 4, completed: 3, failed: 1 });
  });

  it('a completed order delivered twice is captured once', async () => {
    const customer = await fundedCustomer(20_00);
    const o = await heldOrder(customer, 14_99);
    const completed = { orderId: o.orderId, userId: customer.id, amountCents: o.cents, holdId: o.holdId };
    await given(app.db, 'esim.order.completed', completed);
    await given(app.db, 'esim.order.completed', completed);
    expect(await accountOf(app.db, spendable(customer.id).key)).toEqual({ balance: 5_01, held: 0 });
    expect(await app.db('transfers').where({ hold_id: o.holdId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('a completed order whose hold was voided is not silently dropped: it is parked for an operator', async () => {
    const customer = await fundedCustomer(20_00);
    const o = await heldOrder(customer, 10_00);
    await voidHold(app.db, o.holdId, { createdBy: 'test' });
    await emit('esim', 'esim.order.completed', {
      orderId: o.orderId,
      userId: customer.id,
      amountCents: o.cents,
      holdId: o.holdId,
    });
    const parked = await waitFor(
      async () => app.db('parked_events').whereRaw(`envelope->'payload'->>'orderId' = ?`, [o.orderId]).first(),
      {
        what: 'poison event parked',
        timeoutMs: 15_000,
      },
    );
    expect(parked.last_error).toContain('cannot be captured: hold_not_pending');
    expect(await accountOf(app.db, spendable(customer.id).key)).toEqual({ balance: 20_00, held: 0 });
  });
});

describe('handlers are idempotent on their own, whatever delivers them', () => {
  it('the same dealer created twice, the same approval twice: one set of accounts, one capture', async () => {
    const dealer = person(2);
    const created = {
      dealerId: dealer.id,
      userId: dealer.id,
      email: dealer.email,
      fullName: 'B',
      companyName: null,
      phone: null,
      status: 'active' as const,
      salesManagerId: null,
    };
    await given(app.db, 'auth.dealer.created', created);
    await given(app.db, 'auth.dealer.created', created);
    expect(await app.db('accounts').where({ owner_id: dealer.id }).count({ n: '*' })).toEqual([{ n: 2 }]);

    await app.inject({
      method: 'POST',
      url: '/admin/dealers/balance',
      headers: await as(admin, { 'idempotency-key': key() }),
      payload: { dealer_id: dealer.id, amount: 10 },
    });
    const { holdId } = await createHold(app.db, { orderId: `o-${randomUUID()}`, userId: dealer.id, amountCents: 5_00 });
    const approved = { orderId: 'x', userId: dealer.id, amountCents: 5_00, holdId };
    await given(app.db, 'physical-sim.order.approved', approved);
    await given(app.db, 'physical-sim.order.approved', approved);
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 5_00, held: 0 });
    // Rejecting a captured order is a contradiction: refused loudly (the bus parks it), nothing changes.
    await expect(given(app.db, 'physical-sim.order.rejected', { ...approved, reason: null })).rejects.toMatchObject({
      code: 'hold_not_pending',
    });
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 5_00, held: 0 });
  });
});
