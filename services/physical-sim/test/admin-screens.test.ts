import { DEMO_LOOKUPS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER, setup, type Fixture } from './support';

/** What the admin's stock screens read beyond the lists: a serial-range transfer's preview and a card's usage beside its history. */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});
const get = (url: string) => f.app.inject({ url, headers: f.auth(f.tokens.admin) });

describe('GET /admin/physical-sim/stock/transfer-preview', () => {
  it('counts the range, the cards in admin stock and the ones that would refuse the transfer, by package; moves nothing', async () => {
    // A range of twelve-digit serials that holds admin stock and at least one dealer's card.
    const owned = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .whereNotNull('owner_user_id')
      .whereRaw('length(serial_number) = 12')
      .orderBy('serial_number')
      .first('serial_number');
    const free = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .whereNull('owner_user_id')
      .where({ status: 'in_stock' })
      .whereRaw('length(serial_number) = 12 AND serial_number > ?', [owned.serial_number])
      .orderBy('serial_number')
      .first('serial_number');
    const from = owned.serial_number as string;
    const to = String(BigInt(free.serial_number) + 3n);
    const inRange = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .whereRaw('length(serial_number) = 12 AND serial_number BETWEEN ? AND ?', [from, to])
      .orderBy('serial_number');
    const blocked = inRange.filter((c) => c.status !== 'in_stock' || c.owner_user_id !== null);
    expect(blocked.length).toBeGreaterThan(0);
    expect(inRange.length - blocked.length).toBeGreaterThan(0);
    const before = await f.app.db('card_history').count<{ count: string }[]>('* as count');

    const res = await get(`/admin/physical-sim/stock/transfer-preview?serial_from=${from}&serial_to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({
      serial_from: from,
      serial_to: to,
      total: inRange.length,
      transferable: inRange.length - blocked.length,
      first_serial: inRange[0].serial_number,
      last_serial: inRange.at(-1).serial_number,
      max: 5000,
    });
    expect(preview.blocked_serials).toEqual(blocked.slice(0, 20).map((c) => c.serial_number));
    expect(preview.packages.reduce((sum: number, p: { count: number }) => sum + p.count, 0)).toBe(inRange.length);
    expect(await f.app.db('card_history').count<{ count: string }[]>('* as count')).toEqual(before);

    // The transfer of that range is refused as the preview said, naming the first blocked serial.
    const transfer = await f.app.inject({
      method: 'POST',
      url: '/admin/physical-sim/stock/transfer-to-dealer',
      headers: f.auth(f.tokens.admin),
      payload: { dealer_id: DEALER.id, serial_from: from, serial_to: to },
    });
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().message).toContain(blocked[0].serial_number);
  });

  it('an empty range answers zeros; a reversed or malformed range is a 400 naming the field', async () => {
    const empty = (await get('/admin/physical-sim/stock/transfer-preview?serial_from=111111&serial_to=111112')).json()
      .data;
    expect(empty).toMatchObject({
      total: 0,
      transferable: 0,
      blocked_serials: [],
      first_serial: null,
      last_serial: null,
      packages: [],
    });
    for (const [query, field] of [
      ['serial_from=700100200400&serial_to=700100200300', 'serial_to'],
      ['serial_from=12ab&serial_to=700100200300', 'serial_from'],
      ['serial_from=700100200300', 'serial_to'],
    ]) {
      const bad = await get(`/admin/physical-sim/stock/transfer-preview?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[0].path, query).toBe(field);
    }
    const dealer = await f.app.inject({
      url: '/admin/physical-sim/stock/transfer-preview?serial_from=111111&serial_to=111112',
      headers: f.auth(f.tokens.dealer),
    });
    expect(dealer.statusCode).toBe(403);
  });
});

describe('GET /admin/physical-sim/stock/:id', () => {
  it("shows the card's data usage beside its history; a card without a bundle has none", async () => {
    const active = await f.app.db('cards').where({ serial_number: DEMO_LOOKUPS.physicalSerials.active }).first('id');
    const card = (await get(`/admin/physical-sim/stock/${active.id}`)).json().data;
    expect(card.usage).toMatchObject({
      status: 'active',
      total_mb: expect.any(Number),
      used_mb: 3584,
      country: 'Avrupa',
    });
    expect(card.usage.remaining_mb).toBe(card.usage.total_mb - 3584);
    expect(card.history[0]).toMatchObject({ action: 'imported', to_status: 'activated' });
    const plain = await f.app
      .db('cards')
      .whereNull('deleted_at')
      .where({ status: 'in_stock' })
      .whereNotIn('serial_number', Object.values(DEMO_LOOKUPS.physicalSerials))
      .first('id');
    expect((await get(`/admin/physical-sim/stock/${plain.id}`)).json().data.usage).toBeNull();
  });
});
