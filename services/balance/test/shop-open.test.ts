import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOP_IDENTITY_MAX_AGE_MS } from '@esim/platform';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { buildApp as buildAuth } from '../../auth/src/app';
import { loadAuthConfig } from '../../auth/src/config';
import { key, person, startApp } from './support';

/**
 * Production takes no card payment while the seller is incomplete (the documents a buyer accepts
 * must name who sells): a card payment's start answers 503 until an admin completes the shop's
 * identity in auth, and the balance service follows within its 30-second cache. The real auth
 * service runs beside balance on a port of its own.
 */
describe('production refuses card payments while the legal entity is incomplete', () => {
  const token = 'a-real-internal-secret-of-32-chars!';
  let auth: Awaited<ReturnType<typeof buildAuth>>;
  let balance: Awaited<ReturnType<typeof startApp>>;
  let keys: TestKeys;
  beforeAll(async () => {
    keys = await createTestKeys();
    auth = await buildAuth({
      config: loadAuthConfig({ ...process.env, INTERNAL_SERVICE_TOKEN: token }),
      jwks: keys.jwks,
    });
    await auth.listen({ port: 0, host: '127.0.0.1' });
    // The all-zero placeholders of an older release: not a seller to sell under.
    await auth.db('shop_identity').update({ tax_number: '0000000000', mersis: '0000000000000000' });
    const { port } = auth.server.address() as { port: number };
    balance = await startApp({
      env: { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: token, AUTH_URL: `http://127.0.0.1:${port}` },
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await balance?.app.close();
    await auth?.close();
  });

  const buyer = person(1);
  const start = async (locale = 'tr') =>
    balance.app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await balance.as(buyer, { 'idempotency-key': key(), 'accept-language': locale }),
      payload: { amount: 10 },
    });

  it('answers 503 in the buyer’s language until an admin completes the seller, then goes on', async () => {
    const tr = await start('tr');
    expect(tr.statusCode, tr.body).toBe(503);
    expect(tr.json()).toMatchObject({
      code: 'shop_not_open',
      message: 'Mağaza henüz satışa açık değil: satıcı bilgileri eksik.',
    });
    expect((await start('en')).json().message).toBe(
      "The shop is not open for sales yet: the seller's details are incomplete.",
    );
    expect(await balance.app.db('payments').count({ n: '*' })).toEqual([{ n: 0 }]);

    const admin = await keys.token({ id: randomUUID(), userType: 3 });
    const done = await auth.inject({
      method: 'PUT',
      url: '/admin/shop/identity',
      headers: { authorization: `Bearer ${admin}` },
      payload: { tax_number: '1234567890', mersis: '0123456789000015' },
    });
    expect(done.json().data.legal_entity_complete, done.body).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SHOP_IDENTITY_MAX_AGE_MS + 1 });
    const open = await start();
    vi.useRealTimers();
    // Past the check: production without a card provider's keys refuses card payments for that reason instead.
    expect(open.json().code, open.body).not.toBe('shop_not_open');
  });
});
