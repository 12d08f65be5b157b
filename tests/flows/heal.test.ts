import { randomUUID } from 'node:crypto';
import { DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type System } from './system';

/**
 * A database that ran while physical-sim served without its event bus (approved orders never
 * charged, rejected ones never released, returns never refunded, no dealer names) heals once the
 * service runs its bus: the waiting outbox rows are relayed, each order is settled exactly once, and
 * the dealer copies are filled from auth's events (a dealer created meanwhile).
 */

let system: System;
let dealer: string;
let admin: string;
const PLUS = DEMO_PLUS_PACKAGES[0]!;

beforeAll(async () => {
  system = await startSystem({ notServing: ['physical-sim'] });
  dealer = await system.login('dealer@esim.test');
  admin = await system.login('admin@esim.test');
});
afterAll(async () => {
  await system?.stop();
});

const balance = async () =>
  (await system.api('GET', '/user/balance', { token: dealer })).body.data as {
    balance_cents: number;
    held_cents: number;
  };
const order = async (quantity: number) => {
  const res = await system.api('POST', '/user/physical-sim/order', {
    token: dealer,
    headers: { 'idempotency-key': randomUUID() },
    body: { package_id: PLUS.id, quantity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; total_cents: number };
};
const decide = async (what: 'orders' | 'returns', id: string, decision: 'approve' | 'reject') => {
  const res = await system.api('POST', `/admin/physical-sim/${what}/${id}/${decision}`, {
    token: admin,
    ...(decision === 'reject' ? { body: { reason: 'Stok ayrıldı' } } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { card_ids: string[] };
};
const waitingInOutbox = async () =>
  Number((await system.services['physical-sim']!.db('outbox').whereNull('published_at').count('* as n').first())!.n);
const dealerCopy = (id: string) =>
  system.services['physical-sim']!.db('dealers').where({ dealer_id: id }).first('company_name');
const newDealer = async () => {
  const managers = await system.api('GET', '/admin/sales-managers', { token: admin });
  const res = await system.api('POST', '/admin/dealers', {
    token: admin,
    body: {
      full_name: 'Deniz Yol',
      email: `deniz.${randomUUID().slice(0, 8)}@bayi.test`,
      company_name: 'Yol İletişim',
      password: 'Guvenli-Parola-1',
      sales_manager_id: managers.body.data[0].id,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

it('settles what waited once the bus runs: approved charged once, rejected released, return refunded, new dealer copied', async () => {
  const start = await balance();
  const created = await newDealer();
  const approved = await order(2);
  const rejected = await order(1);
  const kept = await order(1);
  const { card_ids: cards } = await decide('orders', approved.id, 'approve');
  await decide('orders', rejected.id, 'reject');
  await decide('orders', kept.id, 'approve');
  const ret = await system.api('POST', '/user/physical-sim/return', {
    token: dealer,
    body: { card_ids: [cards[0]], reason: 'Müşteri iade etti' },
  });
  expect(ret.status, JSON.stringify(ret.body)).toBe(201);
  const refund = ret.body.data.refund_cents as number;
  await decide('returns', ret.body.data.id, 'approve');

  // The defect, as it was: every hold still open, nothing charged, nothing refunded, names unknown.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const stuck = await balance();
  expect(stuck.balance_cents).toBe(start.balance_cents);
  expect(stuck.held_cents).toBe(start.held_cents + approved.total_cents + rejected.total_cents + kept.total_cents);
  expect(await waitingInOutbox()).toBeGreaterThanOrEqual(5);
  expect(await dealerCopy(created)).toBeUndefined();

  await system.services['physical-sim']!.startServingWork();

  const healed = await waitFor(
    async () => {
      const now = await balance();
      return now.held_cents === start.held_cents &&
        now.balance_cents === start.balance_cents - approved.total_cents - kept.total_cents + refund
        ? now
        : undefined;
    },
    { timeoutMs: 15_000, what: 'the orders settled' },
  );
  expect(healed.held_cents).toBe(start.held_cents);
  expect(await waitingInOutbox()).toBe(0);
  expect(await waitFor(() => dealerCopy(created), { what: 'the new dealer copied' })).toEqual({
    company_name: 'Yol İletişim',
  });

  // Exactly once: one capture per approved order, one void for the rejected, one refund; the ledger balances.
  const holds = await system.services.balance
    .db('holds')
    .whereIn('order_id', [approved.id, rejected.id, kept.id])
    .select('order_id', 'status');
  expect(Object.fromEntries(holds.map((h) => [h.order_id, h.status]))).toEqual({
    [approved.id]: 'captured',
    [rejected.id]: 'voided',
    [kept.id]: 'captured',
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect((await balance()).balance_cents).toBe(healed.balance_cents);
  const books = await verifyBooks();
  expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
});
