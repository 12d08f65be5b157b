import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import type { FastifyInstance } from 'fastify';
import { customer, key, startEsimSystem, type EsimSystem } from './esim';

/**
 * Suppliers per package through the running system: the esim service's sync call reaches the
 * catalog's /internal route, the admin makes a package of an offer through the gateway, it sells on
 * the public site; when the supplier's cost rises above its price the package leaves the public pages
 * (the gateway's cache is told) and esim's quotes (the package events clear its quote cache long
 * before the cache's own minute), until the admin resumes it.
 */
describe('a supplier package, from the sync to a paused sale and back', () => {
  let sys: EsimSystem;
  let adminToken: string;
  const italy = () => sys.system.api('GET', '/public/countries/italy/packages');
  const publicCodes = async () => ((await italy()).body.data.packages as Array<{ code: string }>).map((p) => p.code);

  beforeAll(async () => {
    // A quote kept for a minute: only the catalog's events can make esim forget it within the test.
    sys = await startEsimSystem({ ESIM_QUOTE_CACHE_MS: '60000' });
    adminToken = await sys.system.login('admin@esim.test');
  }, 120_000);
  afterAll(async () => {
    await sys?.verifyLedger();
    await sys?.stop();
  });

  const sync = (netCostCents: number, syncedAt: string) => {
    const catalog = sys.catalog as FastifyInstance & { config: { INTERNAL_SERVICE_TOKEN: string } };
    return catalog.inject({
      method: 'POST',
      url: '/internal/supplier-offers',
      headers: { 'x-service-token': catalog.config.INTERNAL_SERVICE_TOKEN },
      payload: {
        supplier: 'airalo',
        synced_at: syncedAt,
        offers: [
          {
            supplier_package_id: 'flow-italy-7days-1gb',
            name: 'Italy 1 GB 7 Days',
            countries: ['IT'],
            data_mb: 1024,
            validity_days: 7,
            net_cost_cents: netCostCents,
            top_up: false,
          },
          {
            supplier_package_id: 'flow-italy-topup',
            name: 'Italy top-up 1 GB',
            countries: ['IT'],
            data_mb: 1024,
            validity_days: 7,
            net_cost_cents: 300,
            top_up: true,
          },
        ],
      },
    });
  };

  it('syncs, makes a package, pauses it when its cost rises above its price, and sells it again once resumed', async () => {
    const first = await sync(420, '2026-12-01T10:00:00Z');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ offers: 2, mapped: 0, unmapped: 2, paused: 0, gone: 0 });

    const filter = encodeURIComponent(JSON.stringify({ supplier: 'airalo', mapped: false, top_up: false }));
    const listed = await sys.system.api('GET', `/admin/supplier-offers?filter=${filter}`, { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        supplier_package_id: 'flow-italy-7days-1gb',
        net_cost: 4.2,
        suggested_price: 5.99,
        mapped: false,
      }),
    ]);
    const created = await sys.system.api('POST', `/admin/supplier-offers/${listed.body.data[0].id}/package`, {
      token: adminToken,
      headers: { 'idempotency-key': key() },
      body: { code: 'IT-FLOW-7D-1GB', name_tr: 'İtalya 1 GB', name_en: 'Italy 1 GB' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pkg = created.body.data as { id: string };
    expect(created.body.data).toMatchObject({ supplier: 'airalo', retail_price: 5.99, cost_price: 4.2, on_sale: true });
    expect(await publicCodes()).toContain('IT-FLOW-7D-1GB');

    // A buyer without money: the quote is asked (and kept by esim for a minute), the hold refused.
    const buyer = customer();
    const buy = async () =>
      sys.esim.inject({
        method: 'POST',
        url: '/user/packages/buy',
        headers: await sys.as(buyer, { 'idempotency-key': key(), 'accept-language': 'en' }),
        payload: { package_id: pkg.id, quantity: 1 },
      });
    expect((await buy()).json().code).toBe('insufficient_balance');

    const risen = await sync(640, '2026-12-01T11:00:00Z');
    expect(risen.json().data).toMatchObject({ mapped: 1, paused: 1 });
    await waitFor(async () => !(await publicCodes()).includes('IT-FLOW-7D-1GB'), {
      what: 'the paused package off the public page behind the gateway',
    });
    await waitFor(async () => (await buy()).json().code === 'package_paused', {
      what: "esim's quote cache cleared by the package events",
    });
    const refused = await buy();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This package is not on sale at the moment');

    const paused = encodeURIComponent(JSON.stringify({ paused: 'cost_above_price', active: true }));
    const pausedList = await sys.system.api('GET', `/admin/packages?filter=${paused}`, { token: adminToken });
    expect(pausedList.body.data.map((p: { code: string }) => p.code)).toContain('IT-FLOW-7D-1GB');

    const resumed = await sys.system.api('POST', `/admin/packages/${pkg.id}/resume`, {
      token: adminToken,
      body: { retail_price: 6.99 },
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data).toMatchObject({ retail_price: 6.99, paused_reason: null, on_sale: true });
    await waitFor(async () => (await publicCodes()).includes('IT-FLOW-7D-1GB'), {
      what: 'the resumed package back on the public page',
    });
    await waitFor(async () => (await buy()).json().code === 'insufficient_balance', {
      what: 'esim quoting the resumed package again',
    });
  });
});
