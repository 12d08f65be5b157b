import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { DEMO_LOOKUPS } from '@esim/contracts';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { reportUsage } from './esim';
import { startSystem, type System } from './system';

/**
 * An eSIM bought through the gateway by the seeded demo customer (real auth tokens, the demo
 * pool and balance), its QR png, the provider's signed usage webhook through the gateway's raw-body
 * proxy, and the public balance check with its per-IP rate limit.
 */
describe('eSIM purchase through the gateway', () => {
  let system: System;
  let customer: string;
  beforeAll(async () => {
    system = await startSystem();
    customer = await system.login('customer@esim.test');
  }, 120_000);
  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
  });

  it('buys from the demo pool, shows the order, serves the QR and takes signed usage', async () => {
    const us = await system.api('GET', '/public/countries/united-states/packages');
    const starter = us.body.data.packages.find((p: { duration: number }) => p.duration === 7);
    const money = async () =>
      (await system.api('GET', '/user/balance', { token: customer })).body.data as {
        balance_cents: number;
        available_cents: number;
      };
    const before = await money();
    const bought = await system.api('POST', '/user/packages/buy', {
      token: customer,
      headers: { 'idempotency-key': 'flow-buy-0001' },
      body: { package_id: starter.id, quantity: 1 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const order = bought.body.data;
    expect(order).toMatchObject({ status: 'completed', total: 14.99 });
    // Held at once; the balance service captures it when it consumes esim.order.completed.
    expect((await money()).available_cents).toBe(before.available_cents - 14_99);
    await waitFor(async () => (await money()).balance_cents === before.balance_cents - 14_99, { what: 'the capture' });
    expect((await money()).available_cents).toBe(before.available_cents - 14_99);

    const list = await system.api('GET', '/user/esim/orders', { token: customer });
    expect(list.body.data.map((o: { order_number: string }) => o.order_number)).toContain(order.order_number);
    const qr = await system.gateway.inject({
      url: `/api/user/esim/qr/${order.esims[0].iccid}.png`,
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.headers['cache-control']).toContain('no-store');

    const reports = [{ id: 'flow-1', iccid: order.esims[0].iccid, used_bytes: 512 * 1024 * 1024 }];
    const signed = await reportUsage(system, reports);
    expect(signed.statusCode, signed.body).toBe(200);
    const forged = await reportUsage(system, reports, 'another-secret-entirely');
    expect(forged.statusCode).toBe(401);

    const check = await system.api('GET', `/public/balance/esim/${order.order_number}`, {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(check.body.data).toMatchObject({ status: 'active', usedData: 512, totalData: 3072, demo: false });
    const demo = await system.api('GET', `/public/balance/esim/${DEMO_LOOKUPS.esimOrderNumbers.nearlyUsed}`, {
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(demo.body).toMatchObject({ message: 'Bakiye bilgileri yüklendi (demo)', data: { demo: true } });
  });

  it('rate-limits the public balance check per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await system.api('GET', '/public/balance/esim/ZZZZZZZZZZZZ')).status);
    expect(statuses[0]).toBe(404);
    expect(statuses).toContain(429);
  });
});
