import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { orderIdFor } from '../../services/physical-sim/src/orders/orders';
import {
  PLACING_EXPIRED,
  placingSweeper,
  rejectStalePlacingOrders,
} from '../../services/physical-sim/src/orders/placing-sweeper';
import { DEALER, DEALER_2, PLUS_EU, PLUS_GLOBAL, physicalSimFlow, type PhysicalSimFlow } from './physical-sim';
import { startSystem, urlOf, type System } from './system';

/**
 * Placing a physical-card order on the running system reserves it (`placing`), asks the real
 * balance service for its hold with no transaction open, then records it; prices are the catalog's.
 * Between physical-sim and the balance service sits a small
 * HTTP relay that can hold one hold call back, answer it with a 503 without passing it on, or pass
 * it on and lose the answer: what a slow or unreachable balance service does to one request.
 */
type Interception =
  { kind: 'delay'; arrived: () => void; release: Promise<void> } | { kind: 'unreachable' } | { kind: 'answer-lost' };

class BalanceRelay {
  target = '';
  readonly server: Server = createServer((req, res) => void this.handle(req, res));
  private readonly interceptions: Interception[] = [];

  /** The next hold call is treated so; later ones go through. */
  intercept(interception: Interception): void {
    this.interceptions.push(interception);
  }

  /** The next hold call waits until `release()`; `arrived` resolves once it has reached the relay. */
  delayNextHold(): { arrived: Promise<void>; release: () => void } {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    this.intercept({ kind: 'delay', arrived, release: new Promise<void>((resolve) => (release = resolve)) });
    return { arrived: arrival, release };
  }

  url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const interception = req.url === '/internal/holds' ? this.interceptions.shift() : undefined;
    if (interception?.kind === 'unreachable') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"service_unavailable"}');
      return;
    }
    if (interception?.kind === 'delay') {
      interception.arrived();
      await interception.release;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${this.target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = await answer.text();
    // The hold was taken, but its answer never reaches the caller.
    if (interception?.kind === 'answer-lost') res.writeHead(500).end();
    else
      res
        .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        .end(body);
  }
}

let system: System;
let f: PhysicalSimFlow;
const relay = new BalanceRelay();
beforeAll(async () => {
  await new Promise<void>((resolve) => relay.server.listen(0, '127.0.0.1', resolve));
  // physical-sim's own sweeper waits far longer than these tests age their orders, so only the sweeps they run themselves reject any.
  system = await startSystem({
    serviceEnv: { 'physical-sim': { BALANCE_URL: relay.url(), ORDER_PLACING_EXPIRE_MINUTES: '1000' } },
  });
  relay.target = urlOf(system.services.balance);
  f = await physicalSimFlow(system);
}, 120_000);
afterAll(async () => {
  await system?.stop();
  await new Promise((resolve) => relay.server.close(resolve));
});

const order = (body: object, key = randomUUID(), token = f.tokens.dealer) =>
  f.app.inject({
    method: 'POST',
    url: '/user/physical-sim/order',
    headers: f.auth(token, { 'idempotency-key': key }),
    payload: body,
  });
const idOf = (key: string, userId = DEALER.id) => orderIdFor(`physical-sim:order:${userId}:${key}`);
const orderRow = (id: string) => f.app.db('orders').where({ id }).first();
const holdsOf = (orderId: string) => f.balance.db('holds').where({ order_id: orderId });
const placedEvents = async (orderId: string) =>
  (await f.app.db('outbox').where({ type: 'physical-sim.order.placed', aggregate_id: orderId })).length;
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  f.app.inject({ method, url, headers: f.auth(f.tokens.admin), ...(payload ? { payload } : {}) });

describe('no transaction open while the balance service is asked for the hold', () => {
  it("the package's other placements go through while one placement's hold call is held back; the placing order shows nowhere meanwhile", async () => {
    const delayed = relay.delayNextHold();
    const firstKey = randomUUID();
    let firstSettled = false;
    const first = order({ package_id: PLUS_EU.id, quantity: 1 }, firstKey).finally(() => (firstSettled = true));
    await delayed.arrived;

    // Reserved and committed before the call: another connection sees it.
    const firstId = idOf(firstKey);
    expect(await orderRow(firstId)).toMatchObject({ status: 'placing', hold_id: null, quantity: 1, total_cents: 4400 });

    // The same package, placed while the first hold call hangs: it takes the package's lock and its hold at once.
    const second = await order({ package_id: PLUS_EU.id, quantity: 2 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ status: 'pending', quantity: 2 });
    expect(firstSettled).toBe(false);

    // Not an order yet: not in the buyer's list, the admin's pending list or view, and not approvable.
    const mine = (await f.app.inject({ url: '/user/physical-sim/orders?limit=100', headers: f.auth(f.tokens.dealer) }))
      .json()
      .data.map((o: { id: string }) => o.id);
    expect(mine).toContain(second.json().data.id);
    expect(mine).not.toContain(firstId);
    const pending = (await admin('GET', '/admin/physical-sim/orders/pending?limit=100'))
      .json()
      .data.map((o: { id: string }) => o.id);
    expect(pending).toContain(second.json().data.id);
    expect(pending).not.toContain(firstId);
    expect((await admin('GET', `/admin/physical-sim/orders/${firstId}`)).statusCode).toBe(404);
    for (const action of ['approve', 'reject']) {
      const refused = await admin(
        'POST',
        `/admin/physical-sim/orders/${firstId}/${action}`,
        action === 'reject' ? { reason: 'x' } : undefined,
      );
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().code).toBe('order_not_pending');
    }
    const holdings = await f.app.inject({
      url: `/internal/dealers/${DEALER.id}/holdings`,
      headers: { 'x-service-token': f.app.config.INTERNAL_SERVICE_TOKEN },
    });
    expect(holdings.json().data.pendingOrders).toBe(
      (await f.app.db('orders').where({ user_id: DEALER.id, status: 'pending' })).length,
    );

    delayed.release();
    const placed = await first;
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ id: firstId, status: 'pending' });
    const [hold] = await holdsOf(firstId);
    expect(hold).toMatchObject({ status: 'pending', amount: 4400 });
    expect(await orderRow(firstId)).toMatchObject({ status: 'pending', hold_id: hold.id });
    expect(await placedEvents(firstId)).toBe(1);
  });
});

describe('a hold refused or unanswered', () => {
  it('a refused hold (insufficient balance) leaves no order and no hold; the same key may try again', async () => {
    const key = randomUUID();
    const id = idOf(key, DEALER_2.id);
    const refused = await order({ package_id: PLUS_GLOBAL.id, quantity: 30 }, key, f.tokens.dealer2);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('insufficient_balance');
    expect(await orderRow(id)).toBeUndefined();
    expect(await holdsOf(id)).toEqual([]);
    expect(await placedEvents(id)).toBe(0);
    // Nothing was stored under the key: a retry runs afresh (and is refused again, for the same reason).
    expect((await order({ package_id: PLUS_GLOBAL.id, quantity: 30 }, key, f.tokens.dealer2)).json().code).toBe(
      'insufficient_balance',
    );
  });

  it.each([
    ['unreachable (no hold taken)', 'unreachable' as const],
    ['its answer lost (the hold taken)', 'answer-lost' as const],
  ])(
    'the balance service %s: a 503 leaves the order placing, and the same key completes it on retry with one hold and one order',
    async (_name, kind) => {
      const key = randomUUID();
      const id = idOf(key);
      const body = { package_id: PLUS_EU.id, quantity: 1, note: kind };
      relay.intercept({ kind });
      const failed = await order(body, key);
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().code).toBe('service_unavailable');
      expect(await orderRow(id)).toMatchObject({ status: 'placing', hold_id: null });
      expect(await holdsOf(id)).toHaveLength(kind === 'answer-lost' ? 1 : 0);

      const retried = await order(body, key);
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json().data).toMatchObject({ id, status: 'pending', note: kind });
      const holds = await holdsOf(id);
      expect(holds).toHaveLength(1);
      expect(await orderRow(id)).toMatchObject({ status: 'pending', hold_id: holds[0].id });
      expect(await f.app.db('orders').where({ id })).toHaveLength(1);
      expect(await placedEvents(id)).toBe(1);

      const replay = await order(body, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().data.id).toBe(id);
      // The same key for another order, while the first was placing or after: a 409, nothing placed.
      expect((await order({ ...body, quantity: 2 }, key)).statusCode).toBe(409);
    },
  );
});

describe('the placing sweeper', () => {
  const stalePlacing = async (kind: 'unreachable' | 'answer-lost') => {
    const key = randomUUID();
    relay.intercept({ kind });
    expect((await order({ package_id: PLUS_EU.id, quantity: 1 }, key)).statusCode).toBe(503);
    return { key, id: idOf(key) };
  };
  const age = (id: string, minutes: number) =>
    f.app
      .db('orders')
      .where({ id })
      .update({ created_at: f.app.db.raw(`now() - make_interval(mins => ?)`, [minutes]) });
  const spendable = async () =>
    (await f.balance.inject({ url: '/user/balance', headers: f.auth(f.tokens.dealer) })).json().data
      .available as number;

  it('rejects placing orders older than the expiry (voiding a hold taken after all), keeps younger ones, and the ledger stays balanced', async () => {
    const before = await spendable();
    const neverHeld = await stalePlacing('unreachable');
    const held = await stalePlacing('answer-lost');
    const young = await stalePlacing('unreachable');
    expect(await spendable()).toBeCloseTo(before - 44, 2);
    await age(neverHeld.id, 11);
    await age(held.id, 11);
    await age(young.id, 9);

    const swept = await rejectStalePlacingOrders(f.app.db, { expireAfterMs: 10 * 60_000 });
    expect(swept.sort()).toEqual([neverHeld.id, held.id].sort());
    for (const { id } of [neverHeld, held])
      expect(await orderRow(id)).toMatchObject({ status: 'rejected', reject_reason: PLACING_EXPIRED, hold_id: null });
    expect((await orderRow(young.id)).status).toBe('placing');
    expect(await rejectStalePlacingOrders(f.app.db, { expireAfterMs: 10 * 60_000 })).toEqual([]);

    // The balance service voids the hold that was taken and counts both rejections, parking nothing.
    await waitFor(async () => (await holdsOf(held.id))[0]?.status === 'voided', {
      what: 'hold of the swept order voided',
      timeoutMs: 15_000,
    });
    await waitFor(
      async () =>
        (await f.balance.db('orders').whereIn('order_id', [neverHeld.id, held.id]).where({ status: 'rejected' }))
          .length === 2,
      { what: 'rejections counted', timeoutMs: 15_000 },
    );
    expect(await holdsOf(neverHeld.id)).toEqual([]);
    expect(await f.balance.db('parked_events')).toEqual([]);
    expect(await spendable()).toBeCloseTo(before, 2);

    // A retry of a swept order does not bring it back.
    const late = await order({ package_id: PLUS_EU.id, quantity: 1 }, held.key);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('order_not_pending');
    expect(await holdsOf(held.id)).toHaveLength(1);

    // The young one completes with its key; then the ledger and every cross-service rule hold.
    expect((await order({ package_id: PLUS_EU.id, quantity: 1 }, young.key)).statusCode).toBe(201);
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.ok, formatBooksReport(books)).toBe(true);
  });

  it('runs as serving work: started, it sweeps on its interval; stopped, it is done', async () => {
    const stale = await stalePlacing('unreachable');
    await age(stale.id, 11);
    const sweeper = placingSweeper(f.app.db, { expireAfterMs: 10 * 60_000, intervalMs: 20, log: f.app.log });
    expect(sweeper.name).toBe('placing sweeper');
    await sweeper.start();
    try {
      await waitFor(async () => (await orderRow(stale.id)).status === 'rejected', {
        what: 'stale order swept',
        timeoutMs: 10_000,
      });
    } finally {
      await sweeper.stop();
    }
    expect(
      await f.app.db('outbox').where({ type: 'physical-sim.order.rejected', aggregate_id: stale.id }),
    ).toHaveLength(1);
  });
});
