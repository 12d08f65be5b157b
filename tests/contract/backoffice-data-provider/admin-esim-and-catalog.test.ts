/// <reference lib="dom" />
import { demoAccount } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import { page, providerFor, system, useSystem } from './support';

useSystem();

describe('admin: eSIM pool, every eSIM order, the catalog', () => {
  it('admin/esim-pool and admin/esim-profiles: stock rows by package code, threshold by that id; profiles searched by ICCID, getOne and getMany', async () => {
    const dp = await providerFor('admin@esim.test');
    const stock = await dp.getList('admin/esim-pool', {
      pagination: page(25),
      sort: { field: 'package_code', order: 'ASC' },
      filter: {},
    });
    expect(stock.total).toBe(stock.data.length);
    expect(stock.total).toBeGreaterThan(0);
    expect(stock.data.every((row) => row.id === row.package_code)).toBe(true);
    const row = stock.data[0]!;
    const { data: saved } = await dp.send('PUT', `admin/esim/pool/thresholds/${row.id}`, {
      threshold: row.available + 1,
    });
    expect(saved).toEqual({ package_code: row.id, threshold: row.available + 1 });
    const after = (
      await dp.getList('admin/esim-pool', {
        pagination: page(25),
        sort: { field: 'package_code', order: 'ASC' },
        filter: {},
      })
    ).data.find((r) => r.id === row.id)!;
    expect(after).toMatchObject({ threshold: row.available + 1, low: true });

    const profiles = await dp.getList('admin/esim-profiles', {
      pagination: page(5),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(profiles.data).toHaveLength(5);
    expect(profiles.total).toBeGreaterThan(5);
    const one = profiles.data[2]!;
    const found = await dp.getList('admin/esim-profiles', {
      pagination: page(25),
      sort: { field: 'iccid', order: 'ASC' },
      filter: { q: one.iccid },
    });
    expect(found.data.map((p) => p.id)).toEqual([one.id]);
    expect(found.total).toBe(1);
    const assigned = await dp.getList('admin/esim-profiles', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { pool_status: 'assigned' },
    });
    expect(assigned.data.every((p) => p.pool_status === 'assigned' && p.order_id)).toBe(true);
    expect((await dp.getOne('admin/esim-profiles', { id: one.id })).data.iccid).toBe(one.iccid);
    expect((await dp.getMany('admin/esim-profiles', { ids: [one.id] })).data.map((p) => p.id)).toEqual([one.id]);
  });

  it("admin/esim-orders: every buyer's orders, one buyer's by user_id, getOne with the eSIMs; an eSIM refunded with a reason (none: 400 naming it) and one revoked", async () => {
    const dp = await providerFor('admin@esim.test');
    const customer = demoAccount('customer@esim.test').id;
    const all = await dp.getList('admin/esim-orders', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(new Set(all.data.map((o) => o.user_id)).size).toBeGreaterThan(1);
    const mine = await dp.getList('admin/esim-orders', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { user_id: customer },
    });
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((o) => o.user_id === customer)).toBe(true);
    expect(mine.total).toBeLessThan(all.total!);

    // A fresh purchase of the customer's, so its eSIMs are live and never a seeded demo one.
    const buyer = await providerFor('customer@esim.test');
    const pkg = (
      await buyer.getList('price-list', { pagination: page(1), sort: { field: 'price', order: 'ASC' }, filter: {} })
    ).data[0]!;
    const { data: bought } = await buyer.send<{ id: string }>(
      'POST',
      'user/packages/buy',
      { package_id: pkg.id, quantity: 2 },
      { idempotencyKey: crypto.randomUUID() },
    );
    const { data: order } = await dp.getOne('admin/esim-orders', { id: bought.id });
    expect(order.user_id).toBe(customer);
    expect(order.esims).toHaveLength(2);
    const [toRefund, toRevoke] = order.esims as Array<{ id: string }>;
    const refused = await dp.send('POST', `user/esim/${toRefund!.id}/refund`, {}).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.reason).toEqual(expect.any(String));
    const { data: refund } = await dp.send('POST', `user/esim/${toRefund!.id}/refund`, {
      reason: 'Kontrat testi: müşteri kuramadı',
    });
    expect(refund).toMatchObject({
      esim_id: toRefund!.id,
      status: 'refunded',
      refunded_cents: Math.round(pkg.price * 100),
    });
    const { data: revoked } = await dp.send('PUT', `user/esim/${toRevoke!.id}/status`, { status: 'revoked' });
    expect(revoked.status).toBe('revoked');
    const { data: over } = await dp.getOne('admin/esim-orders', { id: bought.id });
    expect((over.esims as Array<{ status: string }>).map((e) => e.status).sort()).toEqual(['refunded', 'revoked']);
    expect((await dp.getMany('admin/esim-orders', { ids: [bought.id] })).data.map((o) => o.id)).toEqual([bought.id]);
  });

  it('admin/packages and admin/countries: kind filter, search, sort and range; create a Plus package, raise a price, take it off sale; a country updated', async () => {
    const dp = await providerFor('admin@esim.test');
    const esims = await dp.getList('admin/packages', {
      pagination: page(500),
      sort: { field: 'retail_price', order: 'ASC' },
      filter: {},
    });
    expect(esims.total).toBe(esims.data.length);
    expect(esims.data.every((p) => p.kind === 'esim')).toBe(true);
    const prices = esims.data.map((p) => p.retail_price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const plus = await dp.getList('admin/packages', {
      pagination: page(100),
      sort: { field: 'code', order: 'ASC' },
      filter: { kind: 'plus' },
    });
    expect(plus.total).toBeGreaterThan(0);
    expect(plus.data.every((p) => p.kind === 'plus')).toBe(true);
    const second = await dp.getList('admin/packages', {
      pagination: page(2, 2),
      sort: { field: 'retail_price', order: 'ASC' },
      filter: {},
    });
    expect(second.data.map((p) => p.id)).toEqual(esims.data.slice(2, 4).map((p) => p.id));
    const one = esims.data[0]!;
    expect(
      (
        await dp.getList('admin/packages', {
          pagination: page(25),
          sort: { field: 'code', order: 'ASC' },
          filter: { q: one.code },
        })
      ).data.map((p) => p.id),
    ).toContain(one.id);
    expect((await dp.getOne('admin/packages', { id: one.id })).data.code).toBe(one.code);
    expect((await dp.getMany('admin/packages', { ids: [one.id] })).data.map((p) => p.id)).toEqual([one.id]);

    const { data: created } = await dp.create('admin/packages', {
      data: {
        code: 'PLUS-KONTRAT-1',
        kind: 'plus',
        name_tr: 'Plus Kontrat',
        name_en: 'Plus Contract',
        type: 'regional',
        countries: ['DE', 'FR'],
        data_mb: 5120,
        validity_days: 30,
        retail_price: 19.9,
        cost_price: 9.5,
      },
    });
    expect(created).toMatchObject({ kind: 'plus', retail_price: 19.9, cost_price: 9.5, active: true });
    const { data: raised } = await dp.update('admin/packages', {
      id: created.id,
      data: { retail_price: 21.5 },
      previousData: created,
    });
    expect(raised).toMatchObject({ id: created.id, retail_price: 21.5, kind: 'plus' });
    const above = await dp
      .update('admin/packages', { id: created.id, data: { cost_price: 30 }, previousData: raised })
      .catch((error) => error);
    expect(above.status).toBe(422);
    const { data: off } = await dp.send('PUT', `admin/packages/${created.id}`, { active: false });
    expect(off.active).toBe(false);
    const offSale = await dp.getList('admin/packages', {
      pagination: page(100),
      sort: { field: 'code', order: 'ASC' },
      filter: { kind: 'plus', active: 'false' },
    });
    expect(offSale.data.map((p) => p.id)).toContain(created.id);

    const covered = await dp.getList('admin/countries', {
      pagination: page(300),
      sort: { field: 'name_tr', order: 'ASC' },
      filter: { coverage_status: 'covered' },
    });
    expect(covered.total).toBe(covered.data.length);
    expect(covered.data.every((c) => c.coverage_status === 'covered')).toBe(true);
    const germany = (
      await dp.getList('admin/countries', {
        pagination: page(25),
        sort: { field: 'name_tr', order: 'ASC' },
        filter: { q: 'Almanya' },
      })
    ).data.find((c) => c.id === 'DE')!;
    expect(germany).toBeDefined();
    const { data: updated } = await dp.update('admin/countries', {
      id: 'DE',
      data: { speed: '5G', featured_order: 3, daily_price: 1.25 },
      previousData: germany,
    });
    expect(updated).toMatchObject({ id: 'DE', speed: '5G', featured_order: 3, daily_price: 1.25 });
    expect((await dp.getOne('admin/countries', { id: 'DE' })).data.speed).toBe('5G');
    expect((await dp.getMany('admin/countries', { ids: ['DE', 'FR'] })).data.map((c) => c.id).sort()).toEqual([
      'DE',
      'FR',
    ]);
  });

  it('admin/supplier-offers: synced offers with filters, search, sort and range, getOne and getMany; a package made of one, another mapped; the margin rule; a package paused for its cost resumed', async () => {
    const dp = await providerFor('admin@esim.test');
    const catalog = system.services.catalog as typeof system.services.catalog & {
      config: { INTERNAL_SERVICE_TOKEN: string };
    };
    const offer = (id: string, extra: Record<string, unknown> = {}) => ({
      supplier_package_id: id,
      name: `Kontrat ${id}`,
      countries: ['ES'],
      data_mb: 2048,
      validity_days: 10,
      net_cost_cents: 500,
      top_up: false,
      ...extra,
    });
    const sync = (offers: unknown[], syncedAt: string) =>
      catalog.inject({
        method: 'POST',
        url: '/internal/supplier-offers',
        headers: { 'x-service-token': catalog.config.INTERNAL_SERVICE_TOKEN },
        payload: { supplier: 'esimaccess', synced_at: syncedAt, offers },
      });
    const synced = await sync(
      [
        offer('KT-ES-1'),
        offer('KT-ES-2', { net_cost_cents: 900, data_mb: null }),
        offer('KT-PT-1', { countries: ['PT'] }),
      ],
      '2026-12-01T10:00:00Z',
    );
    expect(synced.json().data).toEqual({ offers: 3, mapped: 0, unmapped: 3, paused: 0, gone: 0 });

    const sort = { field: 'mapped', order: 'ASC' } as const;
    const all = await dp.getList('admin/supplier-offers', {
      pagination: page(25),
      sort,
      filter: { supplier: 'esimaccess' },
    });
    expect(all.total).toBe(3);
    const byCost = await dp.getList('admin/supplier-offers', {
      pagination: page(2),
      sort: { field: 'net_cost', order: 'DESC' },
      filter: { supplier: 'esimaccess' },
    });
    expect(byCost.data.map((o) => o.supplier_package_id)).toEqual(['KT-ES-2', expect.any(String)]);
    expect(byCost.total).toBe(3);
    const spain = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { country: 'ES' } });
    expect(spain.data.map((o) => o.supplier_package_id).sort()).toEqual(['KT-ES-1', 'KT-ES-2']);
    const searched = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { q: 'kt-pt' } });
    expect(searched.data.map((o) => o.supplier_package_id)).toEqual(['KT-PT-1']);
    const first = all.data.find((o) => o.supplier_package_id === 'KT-ES-1')!;
    expect((await dp.getOne('admin/supplier-offers', { id: first.id })).data).toMatchObject({
      supplier: 'esimaccess',
      net_cost: 5,
      suggested_price: 6.99,
      suggested_type: 'local',
    });
    expect((await dp.getMany('admin/supplier-offers', { ids: [first.id] })).data.map((o) => o.id)).toEqual([first.id]);

    const { data: made } = await dp.send('POST', `admin/supplier-offers/${first.id}/package`, {
      code: 'ES-KONTRAT-10D',
    });
    expect(made).toMatchObject({ code: 'ES-KONTRAT-10D', supplier: 'esimaccess', retail_price: 6.99, cost_price: 5 });
    const mapped = await dp.getList('admin/supplier-offers', { pagination: page(25), sort, filter: { mapped: true } });
    expect(mapped.data.map((o) => o.package?.code)).toEqual(['ES-KONTRAT-10D']);

    // A package of the same figures, made by hand, then mapped to the Portuguese offer.
    const { data: portugal } = await dp.create('admin/packages', {
      data: {
        code: 'PT-KONTRAT-10D',
        name_tr: 'Portekiz Kontrat',
        name_en: 'Portugal Contract',
        type: 'local',
        countries: ['PT'],
        data_mb: 2048,
        validity_days: 10,
        retail_price: 7.5,
        cost_price: 3,
      },
    });
    const pt = all.data.find((o) => o.supplier_package_id === 'KT-PT-1')!;
    const { data: ptMapped } = await dp.send('POST', `admin/supplier-offers/${pt.id}/map`, { package_id: portugal.id });
    expect(ptMapped).toMatchObject({ supplier: 'esimaccess', supplier_package_id: 'KT-PT-1', cost_price: 5 });
    const mismatch = await dp
      .send('POST', `admin/supplier-offers/${all.data.find((o) => o.supplier_package_id === 'KT-ES-2')!.id}/map`, {
        package_id: portugal.id,
      })
      .catch((error) => error);
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors).sort()).toEqual(['countries', 'data_mb']);

    const { data: rule } = await dp.send('PUT', 'admin/margin-rule', {
      kind: 'fixed',
      value: 2,
      rounding: 'whole_euro',
    });
    expect(rule).toMatchObject({ kind: 'fixed', value: 2, rounding: 'whole_euro' });
    expect(await dp.read('admin/margin-rule')).toMatchObject({ kind: 'fixed', value: 2 });
    await dp.send('PUT', 'admin/margin-rule', { kind: 'percent', value: 30, rounding: 'x99' });

    // The cost rises above ES-KONTRAT-10D's price: paused, listed as such; resumed at a price above the cost.
    await sync(
      [offer('KT-ES-1', { net_cost_cents: 800 }), offer('KT-PT-1', { countries: ['PT'] })],
      '2026-12-01T11:00:00Z',
    );
    const paused = await dp.getList('admin/packages', {
      pagination: page(25),
      sort: { field: 'code', order: 'ASC' },
      filter: { paused: 'cost_above_price' },
    });
    expect(paused.data.map((p) => p.id)).toEqual([made.id]);
    const { data: resumed } = await dp.send('POST', `admin/packages/${made.id}/resume`, { retail_price: 9.99 });
    expect(resumed).toMatchObject({ retail_price: 9.99, on_sale: true, paused_reason: null });
    const { data: preview } = await dp.send('POST', 'admin/packages/reprice', { dry_run: true });
    expect(preview).toMatchObject({ dry_run: true });
  });
});
