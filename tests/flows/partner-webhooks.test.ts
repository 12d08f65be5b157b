import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { verifyWebhookSignature } from '@esim/partner-client';
import { startSystem, type System } from './system';

/** A receiver's verdict on a delivery, as the partner client gives it: 'ok', or why it was refused. */
const verdict = (header: string | undefined, body: string, secret: string, now = Date.now()) => {
  const checked = verifyWebhookSignature({ header, body, secrets: secret, now });
  return checked.ok ? 'ok' : checked.reason;
};

/**
 * A dealer's webhooks on the running system (docs/partner-api.md, Webhooks): an order the dealer
 * buys through the gateway reaches the dealer's receiver as a signed `order.completed`, through
 * esim's outbox, auth's consumer (which queues it) and auth's delivery loop (which sends it). The
 * receiver fails three times; the event is accepted once and the log shows the four tries.
 */
describe('partner webhooks', () => {
  let system: System;
  let dealer: string;
  let packageId: string;
  let server: Server;
  let url: string;
  let secret: string;
  let endpointId: string;
  /** Every request the receiver got, and the event ids it accepted (answered 2xx for the first time). */
  const received: Array<{ eventId: string; type: string; signature: string; body: string; status: number }> = [];
  const accepted = new Set<string>();
  /** Status answers still to give, before the default 200. */
  const failFirst: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const eventId = String(req.headers['esim-event-id']);
        const signed = verdict(String(req.headers['esim-signature']), body, secret) === 'ok';
        const status = !signed ? 401 : (failFirst.shift() ?? 200);
        // A receiver drops an event id it has accepted before: the second 200 accepts nothing.
        if (status === 200) accepted.add(eventId);
        received.push({
          eventId,
          type: (JSON.parse(body) as { type: string }).type,
          signature: String(req.headers['esim-signature']),
          body,
          status,
        });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/esim-hooks`;

    // Short back-off and polling, so four tries take a few seconds, not minutes.
    system = await startSystem({
      serviceEnv: { auth: { WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_POLL_INTERVAL_MS: '100' } },
    });
    const admin = await system.login('admin@esim.test');
    dealer = await system.login('dealer@esim.test');
    const me = await system.api('GET', '/me', { token: dealer });
    const loaded = await system.api('POST', '/admin/dealers/balance', {
      token: admin,
      headers: { 'idempotency-key': 'partner-webhooks-load-0001' },
      body: { dealer_id: me.body.data.id, amount: 100, note: 'Webhook denemesi' },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBeLessThan(300);
    const us = await system.api('GET', '/public/countries/united-states/packages');
    packageId = us.body.data.packages.find((p: { duration: number }) => p.duration === 7).id;
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    expect(books.consistency.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('registers a receiver for order.completed; the secret is shown once', async () => {
    const created = await system.api('POST', '/user/webhooks', {
      token: dealer,
      headers: { 'idempotency-key': 'partner-webhooks-create-0001' },
      body: { url, events: ['order.completed'], description: 'Mağaza sunucusu' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    secret = created.body.data.secret;
    endpointId = created.body.data.id;
    expect(secret).toMatch(/^whsec_/);
    const list = await system.api('GET', '/user/webhooks', { token: dealer });
    expect(list.body.data).toEqual([expect.objectContaining({ id: endpointId, url, events: ['order.completed'] })]);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    // An API key reads the webhooks but never changes where events go (refused at the gateway).
    const key = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'partner-webhooks-key-0001' },
      body: { name: 'Entegrasyon', scopes: ['read', 'order'] },
    });
    const withKey = key.body.data.secret as string;
    expect((await system.api('GET', '/user/webhooks', { token: withKey })).status).toBe(200);
    const refused = await system.api('POST', '/user/webhooks', {
      token: withKey,
      body: { url, events: ['order.failed'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('api_key_route_forbidden');
  });

  it('a receiver answering 500 three times then 200 accepts the event exactly once, and the log shows four tries', async () => {
    failFirst.push(500, 500, 500);
    const bought = await system.api('POST', '/user/packages/buy', {
      token: dealer,
      headers: { 'idempotency-key': 'partner-webhooks-buy-0001' },
      body: { package_id: packageId, quantity: 1 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const orderId = bought.body.data.id;

    const delivered = await waitFor(
      async () => {
        const log = await system.api('GET', `/user/webhooks/${endpointId}/deliveries`, { token: dealer });
        const entry = log.body.data?.find((d: { event_type: string }) => d.event_type === 'order.completed');
        return entry?.status === 'delivered' ? entry : undefined;
      },
      { what: 'the order.completed delivery to be accepted', timeoutMs: 30_000 },
    );
    expect(delivered).toMatchObject({ attempts: 4, last_status_code: 200 });
    expect(delivered.tries.map((t: { status_code: number }) => t.status_code)).toEqual([500, 500, 500, 200]);
    expect(delivered.payload).toMatchObject({
      type: 'order.completed',
      version: 1,
      data: { order_id: orderId, amount_cents: expect.any(Number) },
    });

    const tries = received.filter((r) => r.type === 'order.completed');
    expect(tries.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(tries.map((r) => r.eventId))).toEqual(new Set([delivered.event_id]));
    expect([...accepted]).toEqual([delivered.event_id]);
    // The body is the public one, never the internal event (no hold id, no producer).
    const body = JSON.parse(tries[3]!.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'version', 'created_at', 'data']);
    expect(tries[3]!.body).not.toContain('holdId');
  });

  it('sends a signed test event on the button, and "send again" re-delivers the same event', async () => {
    const test = await system.api('POST', `/user/webhooks/${endpointId}/test`, { token: dealer });
    expect(test.status, JSON.stringify(test.body)).toBe(202);
    const got = await waitFor(() => received.find((r) => r.eventId === test.body.data.event_id), {
      what: 'the test event',
    });
    expect(got.type).toBe('test');
    expect(got.status).toBe(200);
    expect(verdict(got.signature, got.body, secret)).toBe('ok');

    const log = await system.api('GET', `/user/webhooks/${endpointId}/deliveries`, { token: dealer });
    const order = log.body.data.find((d: { event_type: string }) => d.event_type === 'order.completed');
    const before = received.filter((r) => r.eventId === order.event_id).length;
    const again = await system.api('POST', `/user/webhook-deliveries/${order.id}/resend`, { token: dealer });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await waitFor(() => received.filter((r) => r.eventId === order.event_id).length === before + 1, {
      what: 'the event sent again',
    });
    // The receiver already had it: still accepted once.
    expect([...accepted].filter((id) => id === order.event_id)).toHaveLength(1);
    const after = await waitFor(async () => {
      const read = await system.api('GET', `/user/webhooks/${endpointId}/deliveries`, { token: dealer });
      const entry = read.body.data.find((d: { id: string }) => d.id === order.id);
      return entry.tries.length === 5 && entry.status === 'delivered' ? entry : undefined;
    });
    expect(after.attempts).toBe(5);
  });

  it("sends credit.used when the dealer's debt reaches half its credit limit, signed, once", async () => {
    const admin = await system.login('admin@esim.test');
    const me = (await system.api('GET', '/me', { token: dealer })).body.data.id as string;
    const chosen = await system.api('PATCH', `/user/webhooks/${endpointId}`, {
      token: dealer,
      body: { events: ['order.completed', 'credit.used'] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const money = await system.api('GET', `/admin/dealers/balances?ids=${me}`, { token: admin });
    const owed = money.body.data[0].owed_cents as number;
    // A limit the debt stands below half of; then 10 € more loaded on credit takes it to exactly half.
    const limitCents = 2 * owed + 20_00;
    const limit = await system.api('PUT', `/admin/dealers/${me}/credit-limit`, {
      token: admin,
      headers: { 'idempotency-key': 'partner-webhooks-limit-0001' },
      body: { credit_limit: limitCents / 100, note: 'Webhook denemesi' },
    });
    expect(limit.status, JSON.stringify(limit.body)).toBe(200);
    const loaded = await system.api('POST', '/admin/dealers/balance', {
      token: admin,
      headers: { 'idempotency-key': 'partner-webhooks-load-0002' },
      body: { dealer_id: me, amount: 10, note: 'Kredi ile yükleme' },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);

    const got = await waitFor(() => received.find((r) => r.type === 'credit.used' && r.status === 200), {
      what: 'the credit.used delivery',
      timeoutMs: 30_000,
    });
    expect(verdict(got.signature, got.body, secret)).toBe('ok');
    expect(JSON.parse(got.body).data).toEqual({
      percent: 50,
      credit_limit: limitCents / 100,
      credit_limit_cents: limitCents,
      credit_used: (owed + 10_00) / 100,
      credit_used_cents: owed + 10_00,
      available: (limitCents - owed - 10_00) / 100,
      available_cents: limitCents - owed - 10_00,
    });
    expect(received.filter((r) => r.type === 'credit.used')).toHaveLength(1);
  });
});
