import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOP_IDENTITY_MAX_AGE_MS } from '@esim/platform';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { buildApp as buildAuth } from '../../auth/src/app';
import { loadAuthConfig } from '../../auth/src/config';
import { buildApp } from '../src/app';
import { loadEsimConfig } from '../src/config';

/**
 * Production sells only under a complete legal entity: an esim in production mode answers every
 * purchase and top-up with 503 while the shop's identity (auth) still has the all-zero tax and
 * MERSİS placeholders, until an admin completes the seller, and follows the change within its
 * 30-second cache of auth's identity. The real auth service runs beside esim on a port of its own.
 */
describe('production refuses to sell while the legal entity is incomplete', () => {
  const production = {
    APP_MODE: 'production',
    INTERNAL_SERVICE_TOKEN: 'a-real-internal-secret-of-32-chars!',
    ESIM_WEBHOOK_SECRET: 'a-real-webhook-secret-of-32-chars!!',
  };
  let keys: TestKeys;
  let auth: Awaited<ReturnType<typeof buildAuth>>;
  let esim: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    keys = await createTestKeys();
    // Auth's own mode does not matter here: esim's decides whether an incomplete seller stops a sale.
    auth = await buildAuth({
      config: loadAuthConfig({ ...process.env, INTERNAL_SERVICE_TOKEN: production.INTERNAL_SERVICE_TOKEN }),
      jwks: keys.jwks,
    });
    await auth.listen({ port: 0, host: '127.0.0.1' });
    await auth.db('shop_identity').update({ tax_number: '0000000000', mersis: '0000000000000000' });
    const address = auth.server.address() as { port: number };
    esim = await buildApp({
      jwks: keys.jwks,
      config: loadEsimConfig({
        ...process.env,
        ...production,
        AUTH_URL: `http://127.0.0.1:${address.port}`,
        // Nobody listens there: a purchase let through stops at the catalog, after the check under test.
        CATALOG_URL: 'http://127.0.0.1:9',
        BALANCE_URL: 'http://127.0.0.1:9',
      }),
    });
    await esim.ready();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await esim?.close();
    await auth?.close();
  });

  const customer = { id: randomUUID(), userType: 1 as const };
  const buy = async (locale = 'tr') =>
    esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: {
        authorization: `Bearer ${await keys.token(customer)}`,
        'idempotency-key': `test-${randomUUID()}`,
        'accept-language': locale,
      },
      payload: { package_id: randomUUID(), quantity: 1 },
    });
  const topUp = async () =>
    esim.inject({
      method: 'POST',
      url: '/user/esim/8990011234567890128/top-ups',
      headers: { authorization: `Bearer ${await keys.token(customer)}`, 'idempotency-key': `test-${randomUUID()}` },
      payload: { package_id: randomUUID() },
    });

  it('answers 503 with the reason in the buyer’s language while the seller is incomplete', async () => {
    const tr = await buy('tr');
    expect(tr.statusCode, tr.body).toBe(503);
    expect(tr.json()).toMatchObject({
      success: false,
      code: 'shop_not_open',
      message: 'Mağaza henüz satışa açık değil: satıcı bilgileri eksik.',
    });
    const en = await buy('en');
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toBe("The shop is not open for sales yet: the seller's details are incomplete.");
    const more = await topUp();
    expect(more.statusCode).toBe(503);
    expect(more.json().code).toBe('shop_not_open');
    expect(await esim.db('orders').count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('sells once an admin completes the seller, within the 30-second cache', async () => {
    const admin = await keys.token({ id: randomUUID(), userType: 3 });
    const half = await auth.inject({
      method: 'PUT',
      url: '/admin/shop/identity',
      headers: { authorization: `Bearer ${admin}` },
      payload: { legal_name: 'Örnek Gezi İletişim A.Ş.', tax_number: '1234567890' },
    });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().data.legal_entity_complete).toBe(false);
    const done = await auth.inject({
      method: 'PUT',
      url: '/admin/shop/identity',
      headers: { authorization: `Bearer ${admin}` },
      payload: { mersis: '0123456789000015' },
    });
    expect(done.json().data.legal_entity_complete).toBe(true);
    // Still the cached answer: at most 30 s old.
    expect((await buy()).json().code).toBe('shop_not_open');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SHOP_IDENTITY_MAX_AGE_MS + 1 });
    const open = await buy();
    vi.useRealTimers();
    // Past the check: the purchase goes on to the catalog, which is not running here.
    expect(open.json().code, open.body).not.toBe('shop_not_open');
    expect(open.statusCode, open.body).toBe(503);
    expect(open.json().code).toBe('service_unavailable');
  });
});
