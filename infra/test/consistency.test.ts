import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { demoAccount, DEMO_PLUS_PACKAGES, type EventType } from '@esim/contracts';
import { createDb, withDatabase, type Db, type EventHandler } from '@esim/platform';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_HANDLERS } from '../../services/balance/src/events/bus';
import { captureHold, createHold } from '../../services/balance/src/ledger/holds';
import { refundCapturedHold } from '../../services/balance/src/ledger/refunds';
import { claimForOrder } from '../../services/balance/src/payments/claims';
import { createCardPayment } from '../../services/balance/src/payments/payments';
import { creditDeposit, type DepositRow } from '../../services/balance/src/deposits/deposits';
import { approveOrder, rejectOrder } from '../../services/physical-sim/src/orders/orders';
import { approveReturn, requestReturn } from '../../services/physical-sim/src/returns/returns';
import { transferToDealer } from '../../services/physical-sim/src/cards/stock';
import {
  CONSISTENCY_RULES,
  formatConsistencyReport,
  verifyConsistency,
  type ConsistencyReport,
} from '../src/consistency/verify';
import { seedAll } from '../src/seed';
import { ROOT_DIR } from '../src/services';
import { runToEnd, scriptEnv } from './helpers/scripts';

/**
 * `verifyConsistency` on the demo seed plus orders, returns and eSIM orders written by the
 * services' own domain code (holds by the ledger, approvals by physical-sim, their events handled
 * by the balance service's real handlers): every rule holds. Then each broken state, made in a
 * copy of that database of its own, fails its rule with the ids that break it, and no other rule.
 */
const ADMIN = demoAccount('admin@esim.test');
const DEALER = demoAccount('dealer@esim.test');
const DEALER_2 = demoAccount('dealer2@esim.test');
const CUSTOMER = demoAccount('customer@esim.test');
const PLUS_EU = DEMO_PLUS_PACKAGES[0]!;
const MINUTE = 60_000;

interface Schemas {
  auth: Db;
  catalog: Db;
  balance: Db;
  esim: Db;
  physical: Db;
}

/** Runs `work` with a pool per service schema of the database, closed afterwards (a database being copied must have no connections). */
async function withSchemas<T>(databaseUrl: string, work: (s: Schemas) => Promise<T>): Promise<T> {
  const s: Schemas = {
    auth: createDb(databaseUrl, 'auth', 2),
    catalog: createDb(databaseUrl, 'catalog', 2),
    balance: createDb(databaseUrl, 'balance', 2),
    esim: createDb(databaseUrl, 'esim', 2),
    physical: createDb(databaseUrl, 'physical_sim', 2),
  };
  try {
    return await work(s);
  } finally {
    await Promise.all(Object.values(s).map((db) => db.destroy()));
  }
}

// ── states written as the services write them ──

/** A dealer's order as physical-sim places it: the ledger's hold on the order id first, then the order row naming it. */
async function placePhysicalOrder(
  s: Schemas,
  options: { quantity: number; holdCents?: number; ageMs?: number },
): Promise<{ id: string; holdId: string }> {
  const id = randomUUID();
  const total = PLUS_EU.retailCents * options.quantity;
  const at = options.ageMs ? new Date(Date.now() - options.ageMs) : undefined;
  const { holdId } = await s.balance.transaction((trx) =>
    createHold(trx, {
      orderId: id,
      userId: DEALER.id,
      amountCents: options.holdCents ?? total,
      reference: `physical-sim order ${id}`,
      at,
    }),
  );
  await s.physical('orders').insert({
    id,
    user_id: DEALER.id,
    package_id: PLUS_EU.id,
    package_code: PLUS_EU.code,
    package_name_tr: PLUS_EU.nameTr,
    package_name_en: PLUS_EU.nameEn,
    quantity: options.quantity,
    unit_price_cents: PLUS_EU.retailCents,
    total_cents: total,
    hold_id: holdId,
    ...(at ? { created_at: at } : {}),
  });
  return { id, holdId };
}

/** A return of one card, requested by its dealer and approved by an admin. */
async function approvedReturnOf(s: Schemas, cardId: string): Promise<string> {
  return s.physical.transaction(async (trx) => {
    const requested = await requestReturn(trx, { userId: DEALER.id, cardIds: [cardId], reason: 'Müşteri vazgeçti' });
    return (await approveReturn(trx, requested.id, ADMIN.id)).id;
  });
}

/** What the balance service's consumer does with physical-sim's unpublished events: each through its real handler. */
async function deliverPhysicalSimEventsToBalance(s: Schemas): Promise<void> {
  const rows = (await s
    .physical('outbox')
    .whereNull('published_at')
    .orderBy('position')
    .select('position', 'type', 'envelope')) as Array<{
    position: number;
    type: EventType;
    envelope: Parameters<EventHandler>[0];
  }>;
  for (const row of rows) {
    const handler = BALANCE_HANDLERS[row.type] as EventHandler | undefined;
    if (handler) await s.balance.transaction((trx) => handler(row.envelope, { trx, attempt: 0 }));
    await s.physical('outbox').where({ position: row.position }).update({ published_at: new Date() });
  }
}

/** What every relay does: the outbox rows so far published. */
async function publishEveryOutbox(s: Schemas): Promise<void> {
  for (const db of Object.values(s)) await db('outbox').whereNull('published_at').update({ published_at: new Date() });
}

/**
 * An eSIM order as esim's saga leaves it: the row (copied from a demo order, with `step`), `profiles`
 * of the pool assigned to it, and the ledger's hold on the order id (recorded on the row) pending or captured.
 */
async function esimOrder(
  s: Schemas,
  options: {
    step: string;
    quantity: number;
    profiles: number;
    hold: 'pending' | 'captured' | null;
    holdCents?: number;
    ageMs?: number;
  },
): Promise<{ id: string; holdId: string | null }> {
  const demo = await s.esim('orders').where({ demo: true }).orderBy('order_number').first();
  const id = randomUUID();
  // A small price of its own, so the demo buyer's balance covers every order the test adds.
  const unitPrice = 300;
  const total = unitPrice * options.quantity;
  let holdId: string | null = null;
  if (options.hold) {
    const at = options.ageMs ? new Date(Date.now() - options.ageMs) : undefined;
    holdId = await s.balance.transaction(async (trx) => {
      const hold = await createHold(trx, {
        orderId: id,
        userId: demo.user_id,
        amountCents: options.holdCents ?? total,
        reference: `eSIM ${id}`,
        at,
      });
      if (options.hold === 'captured') await captureHold(trx, hold.holdId, { createdBy: 'test' });
      return hold.holdId;
    });
  }
  const { id: _id, order_number: _number, hold_id: _hold, ...rest } = demo;
  await s.esim('orders').insert({
    ...rest,
    id,
    order_number: `T${id.slice(0, 8).toUpperCase()}`,
    quantity: options.quantity,
    unit_price_cents: unitPrice,
    total_cents: total,
    step: options.step,
    hold_id: holdId,
    demo: false,
    created_at: new Date(),
    updated_at: new Date(),
    completed_at: options.step === 'completed' ? new Date() : null,
  });
  if (options.profiles > 0) {
    const free = await s
      .esim('profiles')
      .where({ package_code: demo.package_code, pool_status: 'available' })
      .limit(options.profiles)
      .pluck('id');
    await s.esim('profiles').whereIn('id', free).update({
      pool_status: 'assigned',
      order_id: id,
      user_id: demo.user_id,
      status: 'inactive',
      assigned_at: new Date(),
    });
  }
  return { id, holdId };
}

/**
 * A checkout card payment as the balance service keeps it once the provider said paid (the deposit
 * credited to the buyer), for `cents`.
 */
async function paidCheckoutPayment(s: Schemas, userId: string, cents: number): Promise<string> {
  return s.balance.transaction(async (trx) => {
    const payment = await createCardPayment(
      trx,
      { expireAfterMs: 30 * MINUTE, maxOpenPerUser: 100, maxDepositCents: 100_000, maxDailyCents: 10_000_000 },
      {
        userId,
        amountCents: cents,
        locale: 'tr',
        returnPath: '/',
        provider: 'demo',
        purpose: 'order',
        agreementVersion: 'v',
      },
    );
    await trx('payments')
      .where({ id: payment.id })
      .update({
        status: 'paid',
        provider_payment_id: `demo-${payment.id}`,
        paid_cents: cents,
        paid_currency: 'EUR',
        next_check_at: null,
      });
    const deposit = (await trx('deposits').where({ id: payment.deposit_id }).first()) as DepositRow;
    await creditDeposit(trx, deposit, 'card-payment');
    return payment.id;
  });
}

/**
 * An eSIM order paid in part by a checkout card payment, then refunded as esim's refund saga leaves
 * it: the payment claimed by the order, the refund done, the balance's refund and the card's part.
 */
async function refundedCardOrder(s: Schemas, options: { done?: boolean; ageMs?: number } = {}) {
  const demo = await s.esim('orders').where({ demo: true }).orderBy('order_number').first('user_id');
  const paymentId = await paidCheckoutPayment(s, demo.user_id, 200);
  const order = await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'captured' });
  await s.esim('orders').where({ id: order.id }).update({ card_payment_id: paymentId });
  await claimForOrder(s.balance, { paymentId, orderId: order.id, userId: demo.user_id, totalCents: 300 });
  const profileId = (await s.esim('profiles').where({ order_id: order.id }).first('id')).id as string;
  await s.esim('profiles').where({ id: profileId }).update({ status: 'refunded', refunded_at: new Date() });
  await s.esim('refunds').insert({
    profile_id: profileId,
    order_id: order.id,
    user_id: demo.user_id,
    amount_cents: 300,
    card_cents: 200,
    card_payment_id: paymentId,
    refunded_by: demo.user_id,
    step: options.done === false ? 'paying' : 'done',
    ...(options.ageMs ? { created_at: new Date(Date.now() - options.ageMs) } : {}),
  });
  if (options.done !== false) {
    const { cardRefund } = await refundCapturedHold(s.balance, {
      orderId: order.id,
      refundKey: `esim:${profileId}`,
      amountCents: 300,
      reason: 'eSIM refund',
      createdBy: 'service',
      card: { paymentId, amountCents: 200 },
    });
    await s
      .balance('card_refunds')
      .where({ id: cardRefund!.id })
      .update({ status: 'succeeded', decided_at: new Date() });
  }
  return { orderId: order.id, paymentId, profileId };
}

// ── the consistent database, and copies of it to break ──

const databaseUrl = process.env.DATABASE_URL!;
const databaseName = process.env.TEST_DATABASE_NAME!;
const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
const copies: string[] = [];
/** The approved order of the consistent state: one of its two cards is returned there, the other is left to return. */
let approvedOrder: { id: string; cards: string[] };

beforeAll(async () => {
  await admin.connect();
  await seedAll(databaseUrl);
  await withSchemas(databaseUrl, async (s) => {
    const approved = await placePhysicalOrder(s, { quantity: 2 });
    await s.physical.transaction((trx) => approveOrder(trx, approved.id, ADMIN.id));
    const cards = await s.physical('order_cards').where({ order_id: approved.id }).orderBy('card_id').pluck('card_id');
    approvedOrder = { id: approved.id, cards };
    await approvedReturnOf(s, cards[0]!);

    const rejected = await placePhysicalOrder(s, { quantity: 1 });
    await s.physical.transaction((trx) => rejectOrder(trx, rejected.id, ADMIN.id, 'Stok yok'));
    // The demo's pending order was placed without a hold (billed by invoice): approved, nothing to capture.
    const invoiced = await s.physical('orders').where({ status: 'pending' }).whereNull('hold_id').first('id');
    await s.physical.transaction((trx) => approveOrder(trx, invoiced.id, ADMIN.id));
    await deliverPhysicalSimEventsToBalance(s);

    // Old pending holds with an open order behind them: a pending physical order, an eSIM order the recovery loop has yet to finish.
    await placePhysicalOrder(s, { quantity: 1, ageMs: 20 * MINUTE });
    await esimOrder(s, { step: 'placed', quantity: 1, profiles: 0, hold: 'pending', ageMs: 20 * MINUTE });
    await esimOrder(s, { step: 'completed', quantity: 2, profiles: 2, hold: 'captured' });
    // An order paid in part by card, refunded: 1 € back to the balance, 2 € to the card.
    await refundedCardOrder(s);
    await publishEveryOutbox(s);
  });
});

afterAll(async () => {
  // Side by side: each drop waits for the server to let go of the files, and waiting together is waiting once.
  await Promise.all(
    copies.map(async (name) => {
      const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }),
  );
  await admin.end();
});

/** A copy of the consistent database with `breakIt` applied to it; the copy's URL. */
async function brokenCopy(breakIt: (s: Schemas) => Promise<void>): Promise<string> {
  const name = `${databaseName}_c${copies.length}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${databaseName}`);
  copies.push(name);
  const url = withDatabase(databaseUrl, name);
  await withSchemas(url, breakIt);
  return url;
}

const failing = (report: ConsistencyReport) => report.rules.filter((r) => !r.ok);

function expectOnlyFailure(report: ConsistencyReport, rule: string, offending: string[]): void {
  const sorted = failing(report).map((r) => ({ ...r, offending: [...r.offending].sort() }));
  expect(sorted, formatConsistencyReport(report)).toEqual([{ rule, ok: false, offending: [...offending].sort() }]);
  expect(report.ok).toBe(false);
}

describe('verifyConsistency', () => {
  it('finds every rule holding on the seeded database with orders, returns and eSIM orders the services wrote', async () => {
    const report = await verifyConsistency(databaseUrl);
    expect(report.rules.map((r) => r.rule)).toEqual(CONSISTENCY_RULES);
    expect(failing(report), formatConsistencyReport(report)).toEqual([]);
    expect(report.ok).toBe(true);
    // What the consistent state rests on: the refund the approved return was owed, the approved order's capture.
    await withSchemas(databaseUrl, async (s) => {
      expect(
        await s
          .balance('transfers')
          .where({ kind: 'refund' })
          .whereLike('idempotency_key', 'refund:physical-sim-return:%')
          .count({ n: '*' })
          .first(),
      ).toEqual({ n: 1 });
      expect(await s.balance('holds').where({ order_id: approvedOrder.id }).first('status', 'amount')).toEqual({
        status: 'captured',
        amount: 2 * PLUS_EU.retailCents,
      });
    });
  });

  it('fails physical-order-approved-captured for an approved order whose hold is still pending or was captured for another amount', async () => {
    let pending = '';
    let otherAmount = '';
    const url = await brokenCopy(async (s) => {
      pending = (await placePhysicalOrder(s, { quantity: 1 })).id;
      await s.physical.transaction((trx) => approveOrder(trx, pending, ADMIN.id));
      await publishEveryOutbox(s);
      otherAmount = (await placePhysicalOrder(s, { quantity: 1, holdCents: PLUS_EU.retailCents - 1 })).id;
      await s.physical.transaction((trx) => approveOrder(trx, otherAmount, ADMIN.id));
      await deliverPhysicalSimEventsToBalance(s);
    });
    const report = await verifyConsistency(url);
    expectOnlyFailure(report, 'physical-order-approved-captured', [pending, otherAmount]);
  });

  it('fails physical-order-rejected-voided for a rejected order whose hold is still pending', async () => {
    let rejected = '';
    const url = await brokenCopy(async (s) => {
      rejected = (await placePhysicalOrder(s, { quantity: 1 })).id;
      await s.physical.transaction((trx) => rejectOrder(trx, rejected, ADMIN.id, null));
    });
    expectOnlyFailure(await verifyConsistency(url), 'physical-order-rejected-voided', [rejected]);
  });

  it('fails physical-return-approved-refunded for an approved return without its refund', async () => {
    let returned = '';
    const url = await brokenCopy(async (s) => {
      returned = await approvedReturnOf(s, approvedOrder.cards[1]!);
    });
    expectOnlyFailure(await verifyConsistency(url), 'physical-return-approved-refunded', [returned]);
  });

  it('fails physical-return-refunds-each-sale-once for a second refund of one sale and a refund with no sale behind it', async () => {
    let doubled = '';
    let unsold = '';
    /** Rewrites an approved return as if it had refunded `cents`, and lets the balance service pay that. */
    const paidAs = async (s: Schemas, returnId: string, cents: number, line: Record<string, unknown>) => {
      const [card] = await s
        .physical('return_cards')
        .where({ return_id: returnId })
        .orderBy('card_id')
        .pluck('card_id');
      await s
        .physical('return_cards')
        .where({ return_id: returnId, card_id: card })
        .update({ ...line, refund_cents: cents });
      await s.physical('returns').where({ id: returnId }).update({ refund_cents: cents });
      await s
        .physical('outbox')
        .where({ type: 'physical-sim.return.approved', aggregate_id: returnId })
        .update({
          envelope: s.physical.raw(`jsonb_set(envelope, '{payload,refundCents}', to_jsonb(?::int))`, [cents]),
        });
      await deliverPhysicalSimEventsToBalance(s);
    };
    const url = await brokenCopy(async (s) => {
      // The refunded card handed back by an admin and returned again at its sale's price, as before the fix.
      const card = approvedOrder.cards[0]!;
      await s.physical.transaction((trx) => transferToDealer(trx, [card], DEALER.id, ADMIN.id, null));
      doubled = await approvedReturnOf(s, card);
      await paidAs(s, doubled, PLUS_EU.retailCents, { order_id: approvedOrder.id });
      // The seeded return of cards an admin transferred (no sale), approved and paid as if one had been bought.
      const seeded = await s.physical('returns').where({ status: 'pending' }).first('id');
      await s.physical.transaction((trx) => approveReturn(trx, seeded.id, ADMIN.id));
      unsold = seeded.id;
      await paidAs(s, unsold, 500, {});
    });
    expectOnlyFailure(await verifyConsistency(url), 'physical-return-refunds-each-sale-once', [doubled, unsold]);
  });

  it('fails esim-order-completed-captured for a completed eSIM order whose hold is pending or was captured for another amount', async () => {
    let pending = '';
    let otherAmount = '';
    const url = await brokenCopy(async (s) => {
      pending = (await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'pending' })).id;
      otherAmount = (
        await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'captured', holdCents: 1 })
      ).id;
    });
    const report = await verifyConsistency(url);
    expectOnlyFailure(report, 'esim-order-completed-captured', [pending, otherAmount]);
  });

  it('fails no-stale-pending-hold for a hold pending past holdMaxAgeMs with no order behind it, and not before; a placing order is an open order', async () => {
    let holdId = '';
    const url = await brokenCopy(async (s) => {
      holdId = (
        await s.balance.transaction((trx) =>
          createHold(trx, {
            orderId: randomUUID(),
            userId: CUSTOMER.id,
            amountCents: 500,
            at: new Date(Date.now() - 15 * MINUTE),
          }),
        )
      ).holdId;
      // Held, but its request died before recording the hold: still placing (the sweeper rejects it, voiding the hold).
      const placing = await placePhysicalOrder(s, { quantity: 1, ageMs: 15 * MINUTE });
      await s.physical('orders').where({ id: placing.id }).update({ status: 'placing', hold_id: null });
    });
    expectOnlyFailure(await verifyConsistency(url), 'no-stale-pending-hold', [holdId]);
    expect((await verifyConsistency(url, { holdMaxAgeMs: 30 * MINUTE })).ok).toBe(true);
  });

  it('fails no-stale-outbox-row for an outbox row unpublished past outboxMaxAgeMs, in any schema', async () => {
    const eventId = randomUUID();
    const row = (id: string, ageMs: number) => ({
      event_id: id,
      type: 'catalog.package.upserted',
      topic: 'catalog.package',
      aggregate_id: 'x',
      envelope: {},
      created_at: new Date(Date.now() - ageMs),
    });
    const url = await brokenCopy(async (s) => {
      await s.catalog('outbox').insert([row(eventId, 2 * MINUTE), row(randomUUID(), 10_000)]);
    });
    expectOnlyFailure(await verifyConsistency(url), 'no-stale-outbox-row', [`catalog:${eventId}`]);
  });

  it('fails no-mail-given-up for a mail given up (one sent or still being tried is fine)', async () => {
    const givenUp = randomUUID();
    const url = await brokenCopy(async (s) => {
      const mail = { to: 'a@example.com', subject: 'Receipt', locale: 'en', blocks: [] };
      await s.auth('mail_outbox').insert([
        { id: givenUp, mail, status: 'failed', attempts: 15, last_error: '451 Try again later' },
        { id: randomUUID(), mail, status: 'sent', attempts: 1, sent_at: new Date() },
        { id: randomUUID(), mail, status: 'pending', attempts: 3 },
      ]);
    });
    expectOnlyFailure(await verifyConsistency(url), 'no-mail-given-up', [givenUp]);
  });

  it('fails no-parked-event for a parked event (a resolved one is fine)', async () => {
    let parkedId = '';
    const url = await brokenCopy(async (s) => {
      const parked = {
        consumer: 'balance',
        event_id: randomUUID(),
        type: 'physical-sim.order.approved',
        envelope: {},
        source: 'log:1',
        attempts: 5,
        last_error: 'no hold for order',
      };
      [{ id: parkedId }] = await s.balance('parked_events').insert(parked).returning('id');
      await s
        .balance('parked_events')
        .insert({ ...parked, event_id: randomUUID(), status: 'resolved', resolved_at: new Date() });
    });
    expectOnlyFailure(await verifyConsistency(url), 'no-parked-event', [`balance:${parkedId}`]);
  });

  it('fails card-owner-is-dealer for cards owned by an unknown id, by a customer and by a deleted dealer', async () => {
    let expected: string[] = [];
    const url = await brokenCopy(async (s) => {
      const stock = await s
        .physical('cards')
        .whereNull('owner_user_id')
        .whereNull('deleted_at')
        .where({ status: 'in_stock' })
        .orderBy('id')
        .limit(2)
        .pluck('id');
      await s.physical('cards').where({ id: stock[0] }).update({ owner_user_id: randomUUID(), status: 'assigned' });
      await s.physical('cards').where({ id: stock[1] }).update({ owner_user_id: CUSTOMER.id, status: 'assigned' });
      await s.auth('users').where({ id: DEALER_2.id }).update({ deleted_at: new Date() });
      const dealer2Cards = await s
        .physical('cards')
        .where({ owner_user_id: DEALER_2.id })
        .whereNull('deleted_at')
        .pluck('id');
      expect(dealer2Cards.length).toBeGreaterThan(0);
      expected = [...stock, ...dealer2Cards].sort();
    });
    expectOnlyFailure(await verifyConsistency(url), 'card-owner-is-dealer', expected);
  });

  it('fails esim-order-profiles-complete for a completed order short of profiles and a failed order holding one', async () => {
    let short = '';
    let failedWithProfile = '';
    const url = await brokenCopy(async (s) => {
      short = (await esimOrder(s, { step: 'completed', quantity: 2, profiles: 1, hold: 'captured' })).id;
      failedWithProfile = (await esimOrder(s, { step: 'failed', quantity: 1, profiles: 1, hold: null })).id;
    });
    expectOnlyFailure(await verifyConsistency(url), 'esim-order-profiles-complete', [short, failedWithProfile]);
  });

  it('fails esim-order-profiles-complete for a completed top-up without its bundle and a failed one with a bundle', async () => {
    let unbundled = '';
    let failedWithBundle = '';
    const url = await brokenCopy(async (s) => {
      const sold = await s.esim('profiles').whereNotNull('order_id').orderBy('iccid').first('id', 'package_code');
      const topUp = async (step: string, hold: 'captured' | null) => {
        const { id } = await esimOrder(s, { step, quantity: 1, profiles: 0, hold });
        await s.esim('orders').where({ id }).update({ top_up_profile_id: sold.id });
        return id;
      };
      // A completed top-up with its bundle is consistent: only the two below fail.
      const whole = await topUp('completed', 'captured');
      await s.esim('profile_bundles').insert({
        order_id: whole,
        profile_id: sold.id,
        package_code: sold.package_code,
        data_bytes: 1024,
        validity_days: 7,
      });
      unbundled = await topUp('completed', 'captured');
      failedWithBundle = await topUp('failed', null);
      await s.esim('profile_bundles').insert({
        order_id: failedWithBundle,
        profile_id: sold.id,
        package_code: sold.package_code,
        data_bytes: 1024,
        validity_days: 7,
      });
    });
    expectOnlyFailure(await verifyConsistency(url), 'esim-order-profiles-complete', [unbundled, failedWithBundle]);
  });
});

describe('verifyConsistency on card money', () => {
  it('fails esim-refund-settled for a refund done without its money, one without its card part, and one stuck on its way', async () => {
    let unpaid = '';
    let noCardPart = '';
    let stuck = '';
    const url = await brokenCopy(async (s) => {
      const paid = await refundedCardOrder(s);
      await s
        .balance('card_refunds')
        .where({ refund_key: `esim:${paid.profileId}` })
        .del();
      noCardPart = paid.profileId;
      unpaid = (await refundedCardOrder(s, { done: false })).profileId;
      await s.esim('refunds').where({ profile_id: unpaid }).update({ step: 'done' });
      stuck = (await refundedCardOrder(s, { done: false, ageMs: 20 * MINUTE })).profileId;
    });
    const report = await verifyConsistency(url);
    expectOnlyFailure(report, 'esim-refund-settled', [unpaid, noCardPart, stuck]);
  });

  it('fails card-refunds-within-payment for refunds beyond what the card paid and a refund left waiting for the provider', async () => {
    let over = '';
    let waiting = '';
    const url = await brokenCopy(async (s) => {
      const refunded = await refundedCardOrder(s);
      over = refunded.paymentId;
      // Money given back to the card that it never paid: more than the payment charged.
      await s.balance('card_refunds').insert({
        payment_id: over,
        provider: 'demo',
        kind: 'unbooked',
        amount: 1,
        refund_key: `unbooked:${over}:1`,
        requested_by: ADMIN.id,
        status: 'succeeded',
      });
      const other = await refundedCardOrder(s);
      waiting = other.paymentId;
      await s
        .balance('card_refunds')
        .where({ payment_id: waiting })
        .update({ status: 'pending', created_at: new Date(Date.now() - 20 * MINUTE) });
    });
    expectOnlyFailure(await verifyConsistency(url), 'card-refunds-within-payment', [over, waiting]);
  });

  it('fails esim-card-order-claims-its-payment for a completed order naming a card payment another order paid', async () => {
    let order = '';
    const url = await brokenCopy(async (s) => {
      const first = await refundedCardOrder(s);
      order = (await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'captured' })).id;
      await s.esim('orders').where({ id: order }).update({ card_payment_id: first.paymentId });
    });
    expectOnlyFailure(await verifyConsistency(url), 'esim-card-order-claims-its-payment', [order]);
  });
});

describe('verifyConsistency on supplier orders', () => {
  it('fails supplier-orders-match-our-orders for a completed supplier order with no delivery, and a delivery kept by an order we failed', async () => {
    let undelivered = '';
    let keptByFailed = '';
    const url = await brokenCopy(async (s) => {
      const supplierOrder = async (orderId: string, status: string) => {
        await s
          .esim('orders')
          .where({ id: orderId })
          .update({ supplier: 'airalo', supplier_package_id: 'change-7days-1gb' });
        await s.esim('supplier_orders').insert({
          order_id: orderId,
          supplier: 'airalo',
          kind: 'purchase',
          supplier_package_id: 'change-7days-1gb',
          quantity: 1,
          status,
        });
      };
      // A consistent one: completed and delivered.
      const delivered = await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'captured' });
      await supplierOrder(delivered.id, 'delivered');
      undelivered = (await esimOrder(s, { step: 'completed', quantity: 1, profiles: 1, hold: 'captured' })).id;
      await supplierOrder(undelivered, 'placed');
      keptByFailed = (await esimOrder(s, { step: 'failed', quantity: 1, profiles: 0, hold: null })).id;
      await supplierOrder(keptByFailed, 'delivered');
      const free = await s.esim('profiles').where({ pool_status: 'available' }).first('id');
      await s.esim('profiles').where({ id: free.id }).update({
        pool_status: 'assigned',
        order_id: keptByFailed,
        status: 'inactive',
        assigned_at: new Date(),
      });
    });
    const report = await verifyConsistency(url);
    // The failed order holding a live profile breaks the profiles rule too: both name it.
    const rule = report.rules.find((r) => r.rule === 'supplier-orders-match-our-orders')!;
    expect([...rule.offending].sort()).toEqual([undelivered, keptByFailed].sort());
  });
});

describe('formatConsistencyReport', () => {
  it('prints one line per rule, at most 20 ids of a failing one and how many more', () => {
    const ids = Array.from({ length: 23 }, (_, i) => `id${i}`);
    const text = formatConsistencyReport({
      ok: false,
      rules: [
        { rule: 'no-parked-event', ok: true, offending: [] },
        { rule: 'card-owner-is-dealer', ok: false, offending: ids },
        { rule: 'no-stale-pending-hold', ok: false, offending: ['h1'] },
      ],
    });
    expect(text.split('\n')).toEqual([
      'ok  no-parked-event',
      `FAIL card-owner-is-dealer: ${ids.slice(0, 20).join(', ')} (+3 more)`,
      'FAIL no-stale-pending-hold: h1',
    ]);
  });
});

describe('npm run consistency:verify', () => {
  it('prints the report and exits 1 when a rule fails', async () => {
    let cardId = '';
    const url = await brokenCopy(async (s) => {
      cardId = (
        await s.physical('cards').whereNull('owner_user_id').where({ status: 'in_stock' }).orderBy('id').first('id')
      ).id;
      await s.physical('cards').where({ id: cardId }).update({ owner_user_id: randomUUID(), status: 'assigned' });
    });
    const result = await runToEnd(
      path.join(ROOT_DIR, 'infra/src/consistency/cli.ts'),
      scriptEnv({ DATABASE_URL: url }),
      60_000,
    );
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`FAIL card-owner-is-dealer: ${cardId}\n`);
    expect(result.output).toContain('ok  physical-order-approved-captured\n');
  });
});
