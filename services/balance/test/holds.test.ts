import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { companyAccountIds, companyRevenue, spendable } from '../src/ledger/accounts';
import { runHoldOps } from '../src/ledger/batcher';
import { verifyLedger } from '../src/ledger/verify';
import { captureHold, createHold } from '../src/ledger/holds';
import { accountOf, app, as, givenDealer, internal, key, person, plain, useBalanceApp } from './support';

/** Holds: the internal API the order services reserve, capture and void money through. */
const admin = person(3);
// A pool wide enough that the concurrent purchases below really run side by side.
useBalanceApp({ poolMax: 20 });

/** A dealer with `euros` of balance loaded on credit by the admin. */
async function dealerWith(euros: number) {
  const dealer = await givenDealer(app.db);
  const res = await app.inject({
    method: 'POST',
    url: '/admin/dealers/balance',
    headers: await as(admin, { 'idempotency-key': key() }),
    payload: { dealer_id: dealer.id, amount: euros, note: null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return dealer;
}

const hold = (body: Record<string, unknown>, headers: Record<string, string> = internal) =>
  app.inject({ method: 'POST', url: '/internal/holds', headers, payload: body });

describe('holds API', () => {
  it('needs the service credential', async () => {
    const res = await hold({ order_id: 'o-1', user_id: randomUUID(), amount_cents: 100 }, {});
    expect(res.statusCode).toBe(401);
    const wrong = await hold(
      { order_id: 'o-1', user_id: randomUUID(), amount_cents: 100 },
      { 'x-service-token': 'not-the-token-at-all' },
    );
    expect(wrong.statusCode).toBe(401);
  });

  it('reserves money at once: available shrinks, balance does not; the same order replays; another amount is a 409', async () => {
    const dealer = await dealerWith(100);
    const orderId = `order-${randomUUID()}`;
    const first = await hold({
      order_id: orderId,
      user_id: dealer.id,
      amount_cents: 40_00,
      reference: 'eSIM US 7 gün',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ order_id: orderId, amount_cents: 4000, status: 'pending' });

    const balance = await app.inject({ url: '/user/balance', headers: await as(dealer) });
    expect(balance.json().data).toMatchObject({
      balance: 100,
      balance_cents: 10000,
      held_cents: 4000,
      available_cents: 6000,
    });

    const again = await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 40_00 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await accountOf(app.db, spendable(dealer.id).key)).held).toBe(4000);

    const other = await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 41_00 });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('order_hold_conflict');
  });

  it('refuses an unaffordable order at once with 422 insufficient_balance naming what is available', async () => {
    const dealer = await dealerWith(10);
    const res = await hold({ order_id: `order-${randomUUID()}`, user_id: dealer.id, amount_cents: 10_01 });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('insufficient_balance');
    expect(plain(res.json().message)).toBe('Yetersiz bakiye. Kullanılabilir bakiye: 10,00 €');
    expect(res.json().errors).toBeUndefined();
    // A user without any account has nothing available.
    const nobody = await hold({ order_id: `order-${randomUUID()}`, user_id: randomUUID(), amount_cents: 1 });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().code).toBe('insufficient_balance');
    expect((await accountOf(app.db, spendable(dealer.id).key)).held).toBe(0);
  });

  it('captures into company revenue once; a captured hold cannot be voided', async () => {
    const dealer = await dealerWith(50);
    const revenueBefore = await companyRevenue(app.db);
    const orderId = `order-${randomUUID()}`;
    const created = (await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 14_99 })).json().data;
    expect(created).toEqual({ id: expect.any(String), order_id: orderId, amount_cents: 14_99, status: 'pending' });
    const capture = await app.inject({
      method: 'POST',
      url: `/internal/holds/${created.id}/capture`,
      headers: internal,
    });
    expect(capture.statusCode, capture.body).toBe(200);
    expect(capture.json().data).toMatchObject({ status: 'captured' });
    // The same order asking again: its hold, as it is now.
    const replay = await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 14_99 });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ id: created.id, order_id: orderId, amount_cents: 14_99, status: 'captured' });
    const twice = await app.inject({ method: 'POST', url: `/internal/holds/${created.id}/capture`, headers: internal });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.capture_transfer_id).toBe(capture.json().data.capture_transfer_id);
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 50_00 - 14_99, held: 0 });
    expect((await companyRevenue(app.db)) - revenueBefore).toBe(14_99);

    const voided = await app.inject({ method: 'POST', url: `/internal/holds/${created.id}/void`, headers: internal });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().code).toBe('hold_not_pending');
  });

  it('voids a pending hold once: the money is available again; a voided hold cannot be captured', async () => {
    const dealer = await dealerWith(20);
    const created = (await hold({ order_id: `order-${randomUUID()}`, user_id: dealer.id, amount_cents: 20_00 })).json()
      .data;
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'POST', url: `/internal/holds/${created.id}/void`, headers: internal });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('voided');
    }
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 20_00, held: 0 });
    const capture = await app.inject({
      method: 'POST',
      url: `/internal/holds/${created.id}/capture`,
      headers: internal,
    });
    expect(capture.statusCode).toBe(409);
    const unknown = await app.inject({
      method: 'POST',
      url: `/internal/holds/${randomUUID()}/capture`,
      headers: internal,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('hold_not_found');
    const read = await app.inject({ url: `/internal/holds/${created.id}`, headers: internal });
    expect(read.json().data).toMatchObject({ id: created.id, status: 'voided', amount_cents: 2000 });
  });

  it('refuses bad hold requests with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_id: randomUUID(), amount_cents: 100 }, 'order_id'],
      [{ order_id: 'o', user_id: 'not-a-uuid', amount_cents: 100 }, 'user_id'],
      [{ order_id: 'o', user_id: randomUUID(), amount_cents: -5 }, 'amount_cents'],
      [{ order_id: 'o', user_id: randomUUID(), amount_cents: 1.5 }, 'amount_cents'],
      [{ order_id: 'o', user_id: randomUUID(), amount_cents: '100' }, 'amount_cents'],
    ];
    for (const [body, field] of cases) {
      const res = await hold(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const badId = await app.inject({ method: 'POST', url: '/internal/holds/123/capture', headers: internal });
    expect(badId.statusCode).toBe(400);
  });

  it('answers the auth service whether a dealer still has money before it is deleted', async () => {
    const dealer = await dealerWith(30);
    const res = await app.inject({ url: `/internal/dealers/${dealer.id}/holdings`, headers: internal });
    expect(res.json().data).toEqual({ hasMoney: true, balanceCents: 3000, receivableCents: 3000, heldCents: 0 });
    const empty = await app.inject({ url: `/internal/dealers/${randomUUID()}/holdings`, headers: internal });
    expect(empty.json().data).toEqual({ hasMoney: false, balanceCents: 0, receivableCents: 0, heldCents: 0 });
  });
});

describe('concurrent purchases against one balance', () => {
  /** Watches an account while work runs: the lowest available balance ever seen. */
  function watch(accountKey: string) {
    let lowest = Number.POSITIVE_INFINITY;
    let watching = true;
    const done = (async () => {
      while (watching) {
        const { balance, held } = await accountOf(app.db, accountKey);
        lowest = Math.min(lowest, balance - held, balance);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    return async () => {
      watching = false;
      await done;
      return lowest;
    };
  }

  /** Runs 50 purchases of 10 € at once against `account` (300 €): exactly 30 go through, the rest are refused, never below 0. */
  async function expectThirtyOfFiftySucceed(account: string, purchase: (i: number) => Promise<string>) {
    const stop = watch(account);
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => purchase(i)));
    const lowest = await stop();
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(30);
    expect(outcomes.filter((o) => o === 'insufficient_balance')).toHaveLength(20);
    expect(await accountOf(app.db, account)).toEqual({ balance: 0, held: 0 });
    expect(lowest).toBeGreaterThanOrEqual(0);
  }

  it('50 purchases at once, each in its own transaction on its own connection: exactly 30 of 30 succeed, never below 0', async () => {
    const dealer = await dealerWith(300); // 30 purchases of 10 €
    // Hold then capture through the domain functions, each step in its own transaction (so without
    // the batcher: only the row locks and the account's CHECK keep the balance whole).
    const pool = (app.db.client as { pool: { numUsed(): number } }).pool;
    let busiest = 0;
    const purchase = async (i: number) => {
      try {
        const { holdId } = await app.db.transaction(async (trx) => {
          busiest = Math.max(busiest, pool.numUsed());
          return createHold(trx, { orderId: `race-${dealer.id}-${i}`, userId: dealer.id, amountCents: 10_00 });
        });
        await app.db.transaction((trx) => captureHold(trx, holdId, { createdBy: 'test' }));
        return 'ok' as const;
      } catch (error) {
        return (error as { code?: string }).code ?? String(error);
      }
    };
    await expectThirtyOfFiftySucceed(spendable(dealer.id).key, purchase);
    // Proof they overlapped: most of the pool's 20 connections were busy at the same moment.
    expect(busiest).toBeGreaterThan(5);
    const captured = await app.db('holds').where({ user_id: dealer.id, status: 'captured' }).count({ n: '*' });
    expect(Number(captured[0]!.n)).toBe(30);
  });

  it('50 purchases at once through the internal API (batched together): exactly 30 succeed, the other 20 get 422', async () => {
    const dealer = await dealerWith(300);
    const purchase = async (i: number) => {
      const held = await hold({ order_id: `api-race-${dealer.id}-${i}`, user_id: dealer.id, amount_cents: 10_00 });
      if (held.statusCode !== 201) return held.json().code as string;
      const captured = await app.inject({
        method: 'POST',
        url: `/internal/holds/${held.json().data.id}/capture`,
        headers: internal,
      });
      return captured.statusCode === 200 ? 'ok' : (captured.json().code as string);
    };
    await expectThirtyOfFiftySucceed(spendable(dealer.id).key, purchase);
  });

  it('the same order placed 10 times at once holds once, batched or not', async () => {
    const dealer = await dealerWith(100);
    for (const inTransaction of [false, true]) {
      const orderId = `dup-${randomUUID()}`;
      const place = () =>
        inTransaction
          ? app.db.transaction((trx) => createHold(trx, { orderId, userId: dealer.id, amountCents: 25_00 }))
          : createHold(app.db, { orderId, userId: dealer.id, amountCents: 25_00 });
      const results = await Promise.all(Array.from({ length: 10 }, place));
      expect(new Set(results.map((r) => r.holdId)).size).toBe(1);
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    }
    expect(await accountOf(app.db, spendable(dealer.id).key)).toEqual({ balance: 100_00, held: 50_00 });
  });

  it('a replay still answers with the hold when the balance is spent meanwhile', async () => {
    const dealer = await dealerWith(10);
    const orderId = `spent-${randomUUID()}`;
    const first = await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 10_00 });
    expect(first.statusCode).toBe(201);
    // Nothing is available now, yet the retry of the same order is not refused: it is the same hold.
    const retry = await hold({ order_id: orderId, user_id: dealer.id, amount_cents: 10_00 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
  });
});

describe('a batch of hold operations', () => {
  it('gives each operation the outcome one-by-one processing in batch order would give', async () => {
    const dealer = await dealerWith(10);
    const other = await dealerWith(100);
    const key = spendable(dealer.id).key;
    const holdOp = (orderId: string, cents: number, userId = dealer.id) => ({
      op: {
        op: 'hold' as const,
        orderId,
        accountKey: spendable(userId).key,
        userId,
        amountCents: cents,
        reference: null,
      },
      createdBy: 'test',
    });
    const prefix = randomUUID();
    const outcomes = await runHoldOps(app.db, [
      holdOp(`${prefix}-a`, 8_00), // 10 € available: fits
      holdOp(`${prefix}-b`, 5_00), // 2 € left: refused
      holdOp(`${prefix}-c`, 2_00), // fits the 2 € left, though it comes after a refusal
      holdOp(`${prefix}-a`, 8_00), // the same order again: its hold
      holdOp(`${prefix}-a`, 9_00), // the same order, another amount
      holdOp(`${prefix}-d`, 0), // not an amount
      holdOp(`${prefix}-e`, 30_00, other.id),
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'ok',
      'insufficient_balance',
      'ok',
      'replayed',
      'order_hold_conflict',
      'invalid',
      'ok',
    ]);
    expect(outcomes[3]!.holdId).toBe(outcomes[0]!.holdId);
    expect(await accountOf(app.db, key)).toEqual({ balance: 10_00, held: 10_00 });

    const { revenue } = await companyAccountIds(app.db);
    const [a, , c, , , , e] = outcomes;
    const settle = await runHoldOps(app.db, [
      { op: { op: 'capture', holdId: a!.holdId!, creditAccountId: revenue[0]! }, createdBy: 'test' },
      { op: { op: 'capture', holdId: a!.holdId!, creditAccountId: revenue[0]! }, createdBy: 'test' },
      { op: { op: 'capture', holdId: e!.holdId!, creditAccountId: revenue[0]! }, createdBy: 'test' },
      { op: { op: 'void', holdId: e!.holdId! }, createdBy: 'test' },
      { op: { op: 'void', holdId: c!.holdId! }, createdBy: 'test' },
      { op: { op: 'capture', holdId: randomUUID(), creditAccountId: revenue[0]! }, createdBy: 'test' },
    ]);
    expect(settle.map((o) => o.outcome)).toEqual(['ok', 'replayed', 'ok', 'hold_not_pending', 'ok', 'hold_not_found']);
    expect(settle[1]!.transferId).toBe(settle[0]!.transferId);
    expect(await accountOf(app.db, key)).toEqual({ balance: 2_00, held: 0 });
    expect(await accountOf(app.db, spendable(other.id).key)).toEqual({ balance: 70_00, held: 0 });
    // Two captures into one revenue bucket in one batch: each entry shows the running balance.
    const bucket = await app
      .db('entries')
      .where({ account_id: revenue[0] })
      .orderBy('id', 'desc')
      .limit(2)
      .select('amount', 'balance_after');
    expect(bucket[1]!.balance_after + bucket[0]!.amount).toBe(bucket[0]!.balance_after);
    const report = await verifyLedger(app.db);
    expect(report.ok, JSON.stringify(report.checks.filter((check) => !check.ok))).toBe(true);
  });
});
