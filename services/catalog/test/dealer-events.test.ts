import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@esim/contracts';
import { createDb, createEventBus, publish, type Db, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherSalesManager, SALES_MANAGER, setup, type Fixture } from './support';

/**
 * The dealer → sales-manager map, fed by real auth events: they are written to the auth
 * schema's outbox of this test's database, relayed by an auth bus, and consumed by the
 * catalog app's own bus.
 */
let f: Fixture;
let authDb: Db;
let authBus: EventBus;
const dealerUserId = randomUUID();
const dealerId = randomUUID();

beforeAll(async () => {
  f = await setup();
  authDb = createDb(process.env.DATABASE_URL!, 'auth', 2);
  authBus = createEventBus({
    service: 'auth',
    db: authDb,
    config: { DATABASE_URL: process.env.DATABASE_URL! },
    settings: { metricsLogIntervalMs: 0 },
  });
  await authBus.start();
  await f.app.events.start();
});
afterAll(async () => {
  await authBus.stop();
  await authDb.destroy();
  await f.app.close();
});

async function authPublishes<
  T extends 'auth.dealer.created' | 'auth.dealer.updated' | 'auth.dealer.status-changed' | 'auth.dealer.deleted',
>(type: T, payload: EventPayload<T>) {
  await authDb.transaction((trx) => publish(trx, 'auth', { type, aggregateId: dealerId, payload } as never));
}

const dealer = (salesManagerId: string): EventPayload<'auth.dealer.created'> => ({
  dealerId,
  userId: dealerUserId,
  email: 'yeni.bayi@esim.test',
  fullName: 'Yeni Bayi',
  companyName: 'Yeni Bayi Ltd.',
  phone: null,
  status: 'active',
  salesManagerId,
});
const row = () => f.app.db('dealers').where({ dealer_id: dealerUserId }).first();
const smPrices = async (token: string) =>
  (await f.app.inject({ url: `/sales-manager/dealers/${dealerUserId}/packages`, headers: f.auth(token) })).statusCode;

describe('dealer map from auth events', () => {
  it('an unknown dealer is a 404 until auth announces them', async () => {
    expect(
      (await f.app.inject({ url: `/admin/dealers/${dealerUserId}/packages`, headers: f.auth(f.tokens.admin) }))
        .statusCode,
    ).toBe(404);
    await authPublishes('auth.dealer.created', dealer(SALES_MANAGER.id));
    await waitFor(row, { what: 'the dealer to reach the catalog' });
    expect(await row()).toMatchObject({
      sales_manager_id: SALES_MANAGER.id,
      full_name: 'Yeni Bayi',
      company_name: 'Yeni Bayi Ltd.',
      status: 'active',
      deleted_at: null,
    });
    expect(await smPrices(f.tokens.salesManager)).toBe(200);
  });

  it('follows a move to another sales manager: the old one is refused, the new one allowed', async () => {
    await authPublishes('auth.dealer.updated', { ...dealer(otherSalesManager.id), fullName: 'Yeni Bayi A.Ş.' });
    await waitFor(async () => (await row())?.sales_manager_id === otherSalesManager.id, { what: 'the move' });
    expect(await smPrices(f.tokens.salesManager)).toBe(403);
    expect(await smPrices(await f.keys.token(otherSalesManager))).toBe(200);
    expect((await row()).full_name).toBe('Yeni Bayi A.Ş.');
  });

  it('keeps the status, and forgets a deleted dealer (404, no override on quotes) while keeping the history', async () => {
    await authPublishes('auth.dealer.status-changed', {
      dealerId,
      userId: dealerUserId,
      status: 'suspended',
      previousStatus: 'active',
    });
    await waitFor(async () => (await row())?.status === 'suspended', { what: 'the status change' });

    const packageId = await f.packageId('US-7D-3GB');
    const set = await f.app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealerUserId}/packages/${packageId}`,
      headers: f.auth(f.tokens.admin),
      payload: { price: 13 },
    });
    expect(set.statusCode).toBe(200);
    const quote = async () =>
      (
        await f.app.inject({
          method: 'POST',
          url: '/internal/quote',
          headers: { 'x-service-token': 'demo-internal-service-token-change-me' },
          payload: { user_id: dealerUserId, package_id: packageId, quantity: 1 },
        })
      ).json().data.unit_price_cents;
    expect(await quote()).toBe(1300);

    await authPublishes('auth.dealer.deleted', { dealerId, userId: dealerUserId });
    await waitFor(async () => (await row())?.deleted_at, { what: 'the deletion' });
    expect(
      (await f.app.inject({ url: `/admin/dealers/${dealerUserId}/packages`, headers: f.auth(f.tokens.admin) }))
        .statusCode,
    ).toBe(404);
    expect(await quote()).toBe(1499);
    expect(await f.app.db('price_history').where({ dealer_id: dealerUserId })).toHaveLength(1);

    // A late update does not bring a deleted dealer back.
    await authPublishes('auth.dealer.updated', dealer(SALES_MANAGER.id));
    const handled = await f.app.db('inbox').where({ consumer: 'catalog' }).count({ n: '*' });
    await waitFor(
      async () =>
        Number((await f.app.db('inbox').where({ consumer: 'catalog' }).count({ n: '*' }))[0]!.n) >
        Number(handled[0]!.n),
      {
        what: 'the late update to be handled',
      },
    );
    expect((await row()).deleted_at).not.toBeNull();
  });
});
