import { DEMO_LOOKUPS } from '@esim/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCardCounts } from '../src/cards/counts';
import { DEALER, DEALER_2, PLUS_EU, setup, type Fixture } from './support';

/** Admin stock on the demo seed: lists and filters, status rules, transfer and return, deletion; the public lookup. */
let f: Fixture;
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.stop();
});
const get = (url: string, token = f.tokens.admin) => f.app.inject({ url, headers: f.auth(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
  f.app.inject({ method, url, headers: f.auth(f.tokens.admin), payload });
const adminStock = (limit: number) =>
  f.app
    .db('cards')
    .whereNull('deleted_at')
    .where({ status: 'in_stock', package_id: PLUS_EU.id })
    .whereNull('owner_user_id')
    .orderBy('serial_number')
    .limit(limit)
    .pluck('id');

describe('stock lists', () => {
  it('filters by status, package, owner and search, top level or in react-admin filter, with Content-Range', async () => {
    const res = await get(`/admin/physical-sim/stock?status=in_stock&package_id=${PLUS_EU.id}&limit=5`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(5);
    expect(
      body.data.every(
        (c: { status: string; package_id: string }) => c.status === 'in_stock' && c.package_id === PLUS_EU.id,
      ),
    ).toBe(true);
    expect(res.headers['content-range']).toBe(`stock 0-4/${body.meta.total}`);
    const ra = await get(
      `/admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ status: 'in_stock', package_id: PLUS_EU.id }))}&range=[0,4]`,
    );
    expect(ra.json().meta.total).toBe(body.meta.total);
    const owned = await get(`/admin/physical-sim/stock?owner_user_id=${DEALER_2.id}&limit=100`);
    expect(owned.json().meta.total).toBe(20);
    expect(owned.json().data[0].owner_name).toBe('Derya İletişim A.Ş.');
    const search = await get('/admin/physical-sim/stock?search=70010020000');
    expect(search.json().data.every((c: { serial_number: string }) => c.serial_number.startsWith('70010020000'))).toBe(
      true,
    );
    const unknown = await get(
      `/admin/physical-sim/stock?filter=${encodeURIComponent(JSON.stringify({ colour: 'red' }))}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('filter.colour');
    expect((await get('/admin/physical-sim/stock?status=melted')).statusCode).toBe(400);
  });

  it('dashboard, summary, statistics and prefix search', async () => {
    const dash = (await get('/admin/physical-sim/stock/dashboard')).json().data;
    expect(dash.total).toBe(302);
    expect(dash.dealer_stock).toBe(61);
    expect(dash.pending_orders).toBe(1);
    expect(dash.pending_returns).toBe(1);
    const summary = (await get('/admin/physical-sim/stock/summary')).json().data;
    expect(summary.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(302);
    const stats = (await get('/admin/physical-sim/stock/statistics?days=30')).json().data;
    expect(stats).toHaveLength(30);
    // The seed's cards arrived over the last three weeks; 61 went to dealers.
    expect(stats.reduce((sum: number, d: { imported: number }) => sum + d.imported, 0)).toBe(302);
    expect(stats.reduce((sum: number, d: { transferred: number }) => sum + d.transferred, 0)).toBe(60);
    // Dates that are not real days, or a span of more than a year, are a 400 naming the field (found by the hostile suite as 500s).
    for (const [query, field] of [
      ['end_date=2300-25-77', 'end_date'],
      ['start_date=0000-00-00', 'start_date'],
      ['start_date=2020-01-01&end_date=2026-01-01', 'start_date'],
    ]) {
      const bad = await get(`/admin/physical-sim/stock/statistics?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().errors[0].path).toBe(field);
    }
    const found = (await get('/admin/physical-sim/stock/search?q=7001002003&limit=5')).json().data;
    expect(found.length).toBeGreaterThan(0);
    expect((await get('/admin/physical-sim/stock/search?q=abc')).statusCode).toBe(400);
  });
});

describe('status, transfer, return, deletion', () => {
  it('allows only the listed transitions, singly and in bulk with a result per card; every change in the history', async () => {
    const [a, b] = await adminStock(2);
    const ok = await send('PUT', `/admin/physical-sim/stock/${a}/status`, { status: 'defective', reason: 'Kırık' });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await send('PUT', `/admin/physical-sim/stock/${a}/status`, { status: 'sold' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('card_transition_not_allowed');
    const bulk = await send('PUT', '/admin/physical-sim/stock/bulk-status-update', {
      card_ids: [a, b],
      status: 'lost',
    });
    expect(bulk.json().data).toMatchObject({ updated: 2, failed: 0 });
    const detail = (await get(`/admin/physical-sim/stock/${a}`)).json().data;
    expect(
      detail.history.slice(0, 2).map((h: { to_status: string; from_status: string }) => [h.from_status, h.to_status]),
    ).toEqual([
      ['defective', 'lost'],
      ['in_stock', 'defective'],
    ]);
    expect(detail.history[1]).toMatchObject({ reason: 'Kırık', by: expect.any(String) });
  });

  it('transfers by ids or a serial range to a dealer and back to admin stock, with events', async () => {
    const ids = await adminStock(2);
    const moved = await send('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      card_ids: ids,
      dealer_id: DEALER_2.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.transferred).toBe(2);
    expect(
      await f.app.db('cards').whereIn('id', ids).where({ owner_user_id: DEALER_2.id, status: 'assigned' }),
    ).toHaveLength(2);
    expect(await f.app.db('outbox').where({ type: 'physical-sim.stock.transferred' })).toHaveLength(1);
    const again = await send('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      card_ids: ids,
      dealer_id: DEALER.id,
    });
    expect(again.statusCode).toBe(409);
    const back = await send('POST', '/admin/physical-sim/stock/return-to-admin', { card_ids: ids });
    expect(back.statusCode, back.body).toBe(200);
    expect(
      await f.app.db('cards').whereIn('id', ids).whereNull('owner_user_id').where({ status: 'in_stock' }),
    ).toHaveLength(2);
    expect(await f.app.db('outbox').where({ type: 'physical-sim.stock.returned-to-admin' })).toHaveLength(1);

    const range = await send('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      serial_from: '700100200290',
      serial_to: '700100200292',
      dealer_id: DEALER.id,
    });
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().data.transferred).toBe(3);
    const notASerial = await send('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      serial_from: '474882',
      serial_to: '<script>alert(1)</script>',
      dealer_id: DEALER.id,
    });
    expect(notASerial.statusCode).toBe(400);
    expect(notASerial.json().errors.map((e: { path: string }) => e.path)).toContain('serial_to');
    const unknownDealer = await send('POST', '/admin/physical-sim/stock/transfer-to-dealer', {
      card_ids: ids,
      dealer_id: 'nobody',
    });
    expect(unknownDealer.statusCode).toBe(400);
    expect(unknownDealer.json().errors[0].path).toBe('dealer_id');
  });

  it('deletion-info says what refers to a card; delete is soft, audited, and refused for a dealer-held card', async () => {
    const [id] = await adminStock(1);
    const info = (await get(`/admin/physical-sim/stock/${id}/deletion-info`)).json().data;
    expect(info).toMatchObject({ can_delete: true, blocking_reasons: [], references: { orders: 0, returns: 0 } });
    const noReason = await f.app.inject({
      method: 'DELETE',
      url: `/admin/physical-sim/stock/${id}`,
      headers: f.auth(f.tokens.admin),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const del = await send('DELETE', `/admin/physical-sim/stock/${id}`, { reason: 'Test kartı' });
    expect(del.statusCode, del.body).toBe(200);
    expect(await f.app.db('cards').where({ id }).first()).toMatchObject({
      deleted_reason: 'Test kartı',
      deleted_by: expect.any(String),
    });
    expect((await get(`/admin/physical-sim/stock/${id}`)).statusCode).toBe(404);

    const held = await f.app.db('cards').whereNull('deleted_at').where({ owner_user_id: DEALER_2.id }).first('id');
    const heldInfo = (await get(`/admin/physical-sim/stock/${held.id}/deletion-info`)).json().data;
    expect(heldInfo).toMatchObject({ can_delete: false, blocking_reasons: ['owned_by_dealer', 'status_assigned'] });
    expect((await send('DELETE', `/admin/physical-sim/stock/${held.id}`, { reason: 'x' })).statusCode).toBe(409);
    const bulk = await send('POST', '/admin/physical-sim/stock/bulk-delete', {
      card_ids: [held.id, ...(await adminStock(1))],
      reason: 'Toplu',
    });
    expect(bulk.json().data).toMatchObject({ deleted: 1, failed: 1 });
  });

  it('answers auth whether a dealer still holds cards', async () => {
    const res = await f.app.inject({
      url: `/internal/dealers/${DEALER_2.id}/holdings`,
      headers: { 'x-service-token': 'demo-internal-service-token-change-me' },
    });
    expect(res.json().data).toMatchObject({ hasStock: true });
    const none = await f.app.inject({
      url: '/internal/dealers/someone-else/holdings',
      headers: { 'x-service-token': 'demo-internal-service-token-change-me' },
    });
    expect(none.json().data).toMatchObject({ hasStock: false, cardCount: 0 });
    expect((await f.app.inject({ url: `/internal/dealers/${DEALER_2.id}/holdings` })).statusCode).toBe(401);
  });
});

describe('list totals', () => {
  // Runs after the transfers, status changes and deletions above: the maintained counts must still
  // match a plain count of the cards, before and after the deltas are folded.
  it('are the exact count of matching cards after every kind of change, folded or not', async () => {
    const filters: Array<[string, { status?: string; package_id?: string; owner_user_id?: string | null }]> = [
      ['', {}],
      ['status=in_stock', { status: 'in_stock' }],
      [`status=in_stock&package_id=${PLUS_EU.id}`, { status: 'in_stock', package_id: PLUS_EU.id }],
      ['owner_user_id=admin', { owner_user_id: null }],
      [`owner_user_id=${DEALER_2.id}&status=assigned`, { owner_user_id: DEALER_2.id, status: 'assigned' }],
    ];
    const check = async () => {
      for (const [query, where] of filters) {
        const expected = f.app.db('cards').whereNull('deleted_at');
        if (where.status) void expected.where('status', where.status);
        if (where.package_id) void expected.where('package_id', where.package_id);
        if (where.owner_user_id === null) void expected.whereNull('owner_user_id');
        else if (where.owner_user_id) void expected.where('owner_user_id', where.owner_user_id);
        const [row] = (await expected.count('* as count')) as Array<{ count: string }>;
        expect((await get(`/admin/physical-sim/stock?${query}&limit=1`)).json().meta.total, query).toBe(
          Number(row!.count),
        );
      }
    };
    await check();
    expect(Number((await f.app.db('card_counts').count('* as n'))[0]!.n)).toBeGreaterThan(1);
    await compactCardCounts(f.app.db);
    await check();
  });
});

describe('GET /public/balance/physical-sim/:serial', () => {
  it('shows the demo card’s active bundle, an inactive one, and the serial rule', async () => {
    const active = await f.app.inject(`/public/balance/physical-sim/${DEMO_LOOKUPS.physicalSerials.active}`);
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().data).toMatchObject({
      type: 'physical',
      orderNumber: DEMO_LOOKUPS.physicalSerials.active,
      status: 'active',
      totalData: 10240,
      usedData: 3584,
      remainingData: 6656,
      operator: 'Vodafone',
    });
    expect(active.json()).toMatchObject({
      code: 'balance_check_demo_loaded',
      message: 'Bakiye bilgileri yüklendi (demo)',
      data: { demo: true },
    });
    expect(
      (await f.app.inject(`/public/balance/physical-sim/${DEMO_LOOKUPS.physicalSerials.inactive}`)).json().data.status,
    ).toBe('inactive');
    const bad = await f.app.inject('/public/balance/physical-sim/12AB');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Geçersiz fiziksel SIM sıra numarası formatı');
    const missing = await f.app.inject('/public/balance/physical-sim/123456789');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Bakiye bilgileri bulunamadı');
  });
});
