import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { creditAlertLevel, crossedLevels, noteCreditUsed } from '../src/dealer-money/credit-alerts';
import { openAndLock, receivable } from '../src/ledger/accounts';
import {
  app,
  as,
  givenDealer,
  givenSalesManagerWithDealers,
  internal,
  key,
  person,
  useBalanceApp,
  type Person,
} from './support';

/**
 * A dealer's credit used (what it owes) reaching 50, 70 or 90 % of its credit limit, announced as
 * `balance.credit.threshold-reached` through the outbox in the transaction that raised the debt, on
 * this file's own database: each crossing once (several crossed at once: each, lowest first), once
 * for purchases racing past the same level, and again after the debt was paid down below it.
 */
const admin = person(3);
useBalanceApp({ poolMax: 10 });

const post = async (url: string, who: Person, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: await as(who, { 'idempotency-key': key() }), payload: payload as object });

const setLimit = async (dealerId: string, euros: number) => {
  const res = await app.inject({
    method: 'PUT',
    url: `/admin/dealers/${dealerId}/credit-limit`,
    headers: await as(admin, { 'idempotency-key': key() }),
    payload: { credit_limit: euros, note: null },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** An order's hold for `cents` (through the route the order sagas call), taken on credit where the balance falls short. */
const hold = async (dealerId: string, cents: number) => {
  const res = await app.inject({
    method: 'POST',
    url: '/internal/holds',
    headers: internal,
    payload: { order_id: `order-${randomUUID()}`, user_id: dealerId, amount_cents: cents, reference: 'eSIM EO-TEST' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};

type Announced = { percent: number; creditLimitCents: number; creditUsedCents: number; availableCents: number };
/** The thresholds announced for the dealer, in the order written. */
const announced = async (dealerId: string): Promise<Announced[]> =>
  (
    (await app
      .db('outbox')
      .where({ type: 'balance.credit.threshold-reached', aggregate_id: dealerId })
      .orderBy('position')
      .select('envelope')) as Array<{ envelope: { payload: Announced & { dealerId: string } } }>
  ).map(({ envelope: { payload } }) => {
    expect(payload.dealerId).toBe(dealerId);
    return {
      percent: payload.percent,
      creditLimitCents: payload.creditLimitCents,
      creditUsedCents: payload.creditUsedCents,
      availableCents: payload.availableCents,
    };
  });
const percents = async (dealerId: string) => (await announced(dealerId)).map((a) => a.percent);
const remembered = async (dealerId: string) =>
  Number(
    (
      await app
        .db('accounts')
        .where({ key: receivable(dealerId).key })
        .first('credit_alert_percent')
    ).credit_alert_percent,
  );

describe('the levels', () => {
  it('are the highest share of the limit reached, to the cent, and the ones a rise crosses, lowest first', () => {
    expect(creditAlertLevel(4999, 10000)).toBe(0);
    expect(creditAlertLevel(5000, 10000)).toBe(50);
    expect(creditAlertLevel(6999, 10000)).toBe(50);
    expect(creditAlertLevel(7000, 10000)).toBe(70);
    expect(creditAlertLevel(8999, 10000)).toBe(70);
    expect(creditAlertLevel(9000, 10000)).toBe(90);
    expect(creditAlertLevel(15000, 10000)).toBe(90);
    // A limit of 1 cent: used 1 cent is all of it.
    expect(creditAlertLevel(1, 1)).toBe(90);
    // Without a limit there is no share to speak of.
    expect(creditAlertLevel(5000, 0)).toBe(0);
    expect(crossedLevels(0, 90)).toEqual([50, 70, 90]);
    expect(crossedLevels(50, 70)).toEqual([70]);
    expect(crossedLevels(70, 70)).toEqual([]);
    expect(crossedLevels(90, 50)).toEqual([]);
  });
});

describe('purchases on credit', () => {
  it('one purchase taking the debt past 50, 70 and 90 % announces each, lowest first, with the figures after it; nothing more until it falls', async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 20_00);
    expect(await announced(dealer.id)).toEqual([]);
    await hold(dealer.id, 72_00);
    const figures = { creditLimitCents: 100_00, creditUsedCents: 92_00, availableCents: 8_00 };
    expect(await announced(dealer.id)).toEqual([
      { percent: 50, ...figures },
      { percent: 70, ...figures },
      { percent: 90, ...figures },
    ]);
    expect(await remembered(dealer.id)).toBe(90);
    await hold(dealer.id, 5_00);
    expect(await percents(dealer.id)).toEqual([50, 70, 90]);
  });

  it('two purchases racing past 50 % announce it once', async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 45_00);
    // Each takes the debt past 50 % on its own; whichever commits first announces it.
    await Promise.all([hold(dealer.id, 6_00), hold(dealer.id, 6_00)]);
    expect(await announced(dealer.id)).toEqual([
      {
        percent: 50,
        creditLimitCents: 100_00,
        creditUsedCents: expect.any(Number),
        availableCents: expect.any(Number),
      },
    ]);
    expect([51_00, 57_00]).toContain((await announced(dealer.id))[0]!.creditUsedCents);
    expect(await remembered(dealer.id)).toBe(50);
  });

  it('a transaction that read the level before another announced it announces nothing (the update is conditional)', async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 10_00);
    const stale = await app.db.transaction(async (trx) =>
      (await openAndLock(trx, [receivable(dealer.id)])).get(receivable(dealer.id).key)!,
    );
    const change = { dealerId: dealer.id, receivable: stale, usedCents: 60_00, limitCents: 100_00, announce: true };
    expect(await app.db.transaction((trx) => noteCreditUsed(trx, change))).toEqual([50]);
    expect(await app.db.transaction((trx) => noteCreditUsed(trx, change))).toEqual([]);
    expect(await percents(dealer.id)).toEqual([50]);
  });

  it('a dealer without a limit announces nothing, whatever it owes', async () => {
    const dealer = await givenDealer(app.db);
    expect((await post('/admin/dealers/balance', admin, { dealer_id: dealer.id, amount: 500 })).statusCode).toBe(200);
    await hold(dealer.id, 400_00);
    expect(await announced(dealer.id)).toEqual([]);
    expect(await remembered(dealer.id)).toBe(0);
  });
});

describe('debt paid down re-arms the levels', () => {
  it('a cash payment below 50 % lowers the level without announcing; crossing 50 % again announces it again', async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 60_00);
    expect(await percents(dealer.id)).toEqual([50]);
    const paid = await post('/admin/dealers/cash-balance', admin, { dealer_id: dealer.id, amount: 25, note: null });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await remembered(dealer.id)).toBe(0);
    expect(await percents(dealer.id)).toEqual([50]);
    await hold(dealer.id, 20_00);
    expect(await announced(dealer.id)).toEqual([
      { percent: 50, creditLimitCents: 100_00, creditUsedCents: 60_00, availableCents: 40_00 },
      { percent: 50, creditLimitCents: 100_00, creditUsedCents: 55_00, availableCents: 45_00 },
    ]);
  });

  it("a sales manager's collection lowers it from 90 to 70 %: 90 % is announced again, 70 % not", async () => {
    const { manager, dealers } = await givenSalesManagerWithDealers(app.db, 1);
    const dealer = dealers[0]!;
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 95_00);
    expect(await percents(dealer.id)).toEqual([50, 70, 90]);
    const collected = await post('/sales-manager/collect', manager, {
      dealer_id: dealer.id,
      amount: 20,
      note: 'Elden',
    });
    expect(collected.statusCode, collected.body).toBe(201);
    expect(await remembered(dealer.id)).toBe(70);
    await hold(dealer.id, 16_00);
    expect(await percents(dealer.id)).toEqual([50, 70, 90, 90]);
  });

  it('a higher limit lowers the level; a lower one announces nothing by itself, the next purchase on credit does', async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    await hold(dealer.id, 60_00);
    await setLimit(dealer.id, 200);
    expect(await remembered(dealer.id)).toBe(0);
    await setLimit(dealer.id, 80);
    expect(await remembered(dealer.id)).toBe(0);
    expect(await percents(dealer.id)).toEqual([50]);
    await hold(dealer.id, 1_00);
    expect(await announced(dealer.id)).toEqual([
      { percent: 50, creditLimitCents: 100_00, creditUsedCents: 60_00, availableCents: 40_00 },
      { percent: 50, creditLimitCents: 80_00, creditUsedCents: 61_00, availableCents: 19_00 },
      { percent: 70, creditLimitCents: 80_00, creditUsedCents: 61_00, availableCents: 19_00 },
    ]);
  });

  it("an admin's credit load raises the debt like a purchase on credit and announces what it crosses", async () => {
    const dealer = await givenDealer(app.db);
    await setLimit(dealer.id, 100);
    expect((await post('/admin/dealers/balance', admin, { dealer_id: dealer.id, amount: 75 })).statusCode).toBe(200);
    expect(await percents(dealer.id)).toEqual([50, 70]);
    // Spending the loaded balance draws no credit: the debt, and so the level, stay.
    await hold(dealer.id, 75_00);
    expect(await percents(dealer.id)).toEqual([50, 70]);
  });
});
