import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { startSystem, type System } from './system';

type Dealer = { id: string; email: string };

/**
 * Deleting a dealer in the running system: auth asks balance and physical-sim what the dealer still
 * holds, refuses while either reports money or stock (or cannot be asked), and deletes one that holds
 * nothing.
 */
describe('deleting a dealer', () => {
  let system: System;
  let admin: string;
  let n = 0;
  beforeAll(async () => {
    system = await startSystem();
    admin = await system.login('admin@esim.test');
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
  });

  const createDealer = async (email = `silinecek.${++n}@example.com`) => {
    const created = await system.api('POST', '/admin/dealers', {
      token: admin,
      body: {
        full_name: 'Mert Bayi',
        email,
        password: 'bayi-sifresi-1',
        company_name: 'Mert İletişim Ltd. Şti.',
        tax_number: '1234567890',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as Dealer;
  };
  const remove = (dealer: Dealer) => system.api('DELETE', `/admin/dealers/${dealer.id}`, { token: admin });
  const read = (dealer: Dealer) => system.api('GET', `/admin/dealers/${dealer.id}`, { token: admin });

  it('refuses while the balance service reports money, telling to deactivate instead', async () => {
    const dealer = await createDealer();
    const loaded = await system.api('POST', '/admin/dealers/balance', {
      token: admin,
      headers: { 'idempotency-key': `load-${dealer.id}` },
      body: { dealer_id: dealer.id, amount: 150.5 },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBeLessThan(300);

    const refused = await remove(dealer);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'dealer_has_holdings',
      message: 'Bayinin bakiyesi, alacağı veya SIM stoğu var; silinemez. Bunun yerine bayiyi pasif yapın.',
    });
    expect((await read(dealer)).status).toBe(200);
  });

  it('refuses while physical-sim reports stock', async () => {
    const dealer = await createDealer();
    const stock = await system.api(
      'GET',
      `/admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ owner_user_id: 'admin', status: 'in_stock' }))}&range=[0,0]`,
      { token: admin },
    );
    const card = stock.body.data[0] as { id: string };
    // physical-sim learns of the new dealer from auth's event.
    const moved = await waitFor(
      async () => {
        const answer = await system.api('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
          token: admin,
          body: { dealer_id: dealer.id, card_ids: [card.id] },
        });
        return answer.status === 200 ? answer : undefined;
      },
      { what: 'the card moved to the new dealer' },
    );
    expect(moved!.status).toBe(200);

    const refused = await remove(dealer);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('dealer_has_holdings');
  });

  it('deletes a dealer holding nothing: soft delete, event, no login, tokens refused, email free again', async () => {
    const dealer = await createDealer('silinen@example.com');
    const session = await system.login('silinen@example.com', 'bayi-sifresi-1');

    const deleted = await remove(dealer);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toMatchObject({ code: 'dealer_deleted', data: { id: dealer.id } });
    const events = (await system.services.auth
      .db('outbox')
      .where({ type: 'auth.dealer.deleted' })
      .select('envelope')) as Array<{ envelope: { aggregateId: string; payload: unknown } }>;
    expect(events.find((e) => e.envelope.aggregateId === dealer.id)?.envelope.payload).toEqual({
      dealerId: dealer.id,
      userId: dealer.id,
    });

    // The row stays (other services keep the id), marked deleted.
    expect((await system.services.auth.db('users').where({ id: dealer.id }).first()).deleted_at).not.toBeNull();
    expect((await read(dealer)).status).toBe(404);
    expect((await system.api('GET', '/me', { token: session })).status).toBe(401);
    const refused = await system.api('POST', '/login', {
      body: { email: 'silinen@example.com', password: 'bayi-sifresi-1' },
    });
    expect(refused.body.code).toBe('invalid_credentials');
    expect((await remove(dealer)).status).toBe(404);
    expect((await createDealer('silinen@example.com')).id).not.toBe(dealer.id);
  });

  // Last: it stops the balance service.
  it('refuses with 503 when a service cannot be asked, and deletes nothing', async () => {
    const dealer = await createDealer();
    await system.stopService('balance');
    const refused = await remove(dealer);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'dealer_holdings_unavailable' });
    expect((await read(dealer)).status).toBe(200);
  });
});
