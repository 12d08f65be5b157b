import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookPayloadSchema } from '@esim/contracts';
import { createDb, createEventBus, publish, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/config';
import { retryDelayMs } from '@esim/platform';
import { deliverDueWebhooks, postWebhook } from '../src/webhooks/delivery';
import { queueEvent } from '../src/webhooks/endpoints';
import { publicEventOf } from '../src/webhooks/payloads';
import { signWebhookBody, webhookHmac } from '../src/webhooks/signature';
import { verifyWebhookSignature } from '@esim/partner-client';
import { isPrivateAddress, urlRefusal } from '../src/webhooks/url-rules';
import { bearer, forwardedFor, freshIp, login, seededSessions, startAuth, type AuthTestApp } from './support';

/** A receiver's verdict on a delivery, as the partner client gives it: 'ok', or why it was refused. */
const verdict = (header: string | undefined, body: string, secret: string, now = Date.now()) => {
  const checked = verifyWebhookSignature({ header, body, secrets: secret, now });
  return checked.ok ? 'ok' : checked.reason;
};

process.env.EVENTS_METRICS_LOG_MS = '0';

/** A dealer's webhooks in the auth service: signatures, URL rules, the routes, queueing, delivery and its log. */

describe('the signature', () => {
  const body = '{"id":"e1","type":"test"}';
  const now = 1_800_000_000_000;
  const t = now / 1000;

  it('signs `t.body` with HMAC-SHA256 and verifies it, refusing a changed body, a wrong secret and an old t', () => {
    const header = signWebhookBody(['whsec_a'], t, body);
    expect(header).toBe(`t=${t},v1=${webhookHmac('whsec_a', t, body)}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verdict(header, body, 'whsec_a', now)).toBe('ok');
    expect(verdict(header, `${body} `, 'whsec_a', now)).toBe('signature_mismatch');
    expect(verdict(header, body, 'whsec_b', now)).toBe('signature_mismatch');
    expect(verdict(header, body, 'whsec_a', now + 301_000)).toBe('timestamp_too_old');
    expect(verdict(undefined, body, 'whsec_a', now)).toBe('malformed_header');
    expect(verdict('t=x,v1=zz', body, 'whsec_a', now)).toBe('malformed_header');
  });

  it('carries a second v1 during a rotation: a receiver holding either secret accepts it', () => {
    const header = signWebhookBody(['whsec_new', 'whsec_old'], t, body);
    expect(header.split(',')).toHaveLength(3);
    expect(verdict(header, body, 'whsec_new', now)).toBe('ok');
    expect(verdict(header, body, 'whsec_old', now)).toBe('ok');
    expect(verdict(header, body, 'whsec_other', now)).toBe('signature_mismatch');
  });
});

describe('the URL rules', () => {
  it('knows private, loopback, link-local and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('in production asks https and a public address for every resolved name; demo accepts a local http receiver', async () => {
    const resolve = async (host: string) =>
      ({ 'hooks.example.com': ['93.184.216.34'], 'sneaky.example.com': ['93.184.216.34', '10.0.0.5'] })[host] ??
      Promise.reject(new Error('ENOTFOUND'));
    const production = { production: true, resolve };
    expect(await urlRefusal('http://hooks.example.com/in', production)).toBe('webhook_url_https_required');
    expect(await urlRefusal('https://hooks.example.com/in', production)).toBeNull();
    expect(await urlRefusal('https://127.0.0.1/in', production)).toBe('webhook_url_private');
    expect(await urlRefusal('https://[::1]:8443/in', production)).toBe('webhook_url_private');
    expect(await urlRefusal('https://169.254.169.254/latest', production)).toBe('webhook_url_private');
    expect(await urlRefusal('https://localhost/in', production)).toBe('webhook_url_private');
    expect(await urlRefusal('https://sneaky.example.com/in', production)).toBe('webhook_url_private');
    expect(await urlRefusal('https://nowhere.example.com/in', production)).toBe('webhook_url_unresolvable');
    expect(await urlRefusal('http://127.0.0.1:9999/in', { production: false })).toBeNull();
  });

  it('in production never connects to a private address at delivery, whatever the name resolves to then', async () => {
    const production = { production: true, timeoutMs: 2000 };
    const literal = await postWebhook('https://127.0.0.1:9/x', '{}', {}, production);
    expect(literal).toMatchObject({ statusCode: null, error: expect.stringContaining('not a public https address') });
    const named = await postWebhook('https://localhost:9/x', '{}', {}, production);
    expect(named).toMatchObject({ statusCode: null, error: expect.stringContaining('private address') });
    expect((await postWebhook('http://example.com/x', '{}', {}, production)).error).toContain('not a public https');
  });
});

describe('the public payloads', () => {
  it('maps internal events to versioned public bodies, never the internal event', () => {
    const envelope = (type: string, payload: Record<string, unknown>) => ({
      id: randomUUID(),
      type,
      version: 1,
      occurredAt: '2026-12-06T10:00:00.000Z',
      aggregateId: 'x',
      producer: 'esim',
      payload,
    });
    const completed = publicEventOf(
      envelope('esim.order.completed', { orderId: 'o1', userId: 'u1', amountCents: 1299, holdId: 'h1' }) as never,
      'esim.order.completed',
    )!;
    expect(completed.userId).toBe('u1');
    expect(completed.body).toMatchObject({
      type: 'order.completed',
      version: 1,
      created_at: '2026-12-06T10:00:00.000Z',
      data: { order_id: 'o1', amount: 12.99, amount_cents: 1299 },
    });
    expect(JSON.stringify(completed.body)).not.toContain('h1');
    const alert = (kind: string) =>
      publicEventOf(
        envelope('esim.profile.usage-alert', {
          esimId: 'e1',
          iccid: '8990',
          orderId: 'o1',
          userId: 'u1',
          kind,
          orderNumber: 'ES-1',
          packageNameTr: 'Paket',
          packageNameEn: 'Package',
          usedBytes: 80,
          totalBytes: 100,
          expiresAt: null,
          locale: 'tr',
        }) as never,
        'esim.profile.usage-alert',
      )!.body;
    expect(alert('usage-50')).toMatchObject({ type: 'esim.usage', data: { percent: 50, used_bytes: 80 } });
    expect(alert('usage-80')).toMatchObject({ type: 'esim.usage', data: { percent: 80, used_bytes: 80 } });
    expect(alert('usage-100')).toMatchObject({ type: 'esim.usage', data: { percent: 100 } });
    expect(alert('expiry-1d')).toMatchObject({ type: 'esim.expiring', data: { order_number: 'ES-1' } });
    for (const body of [completed.body, alert('usage-50'), alert('usage-80'), alert('expiry-1d')])
      expect(webhookPayloadSchema.safeParse(body).success).toBe(true);
    expect(JSON.stringify(alert('usage-80'))).not.toContain('Paket');
  });

  it("maps a dealer's credit threshold to `credit.used` for that dealer, in euros and cents", () => {
    const occurredAt = '2026-12-06T11:00:00.000Z';
    const found = publicEventOf(
      {
        id: randomUUID(),
        type: 'balance.credit.threshold-reached',
        version: 1,
        occurredAt,
        aggregateId: 'd1',
        producer: 'balance',
        payload: {
          dealerId: 'd1',
          percent: 70,
          creditLimitCents: 1000_00,
          creditUsedCents: 712_34,
          availableCents: 287_66,
        },
      },
      'balance.credit.threshold-reached',
    )!;
    expect(found.userId).toBe('d1');
    expect(found.body).toEqual({
      id: expect.any(String),
      type: 'credit.used',
      version: 1,
      created_at: occurredAt,
      data: {
        percent: 70,
        credit_limit: 1000,
        credit_limit_cents: 1000_00,
        credit_used: 712.34,
        credit_used_cents: 712_34,
        available: 287.66,
        available_cents: 287_66,
      },
    });
    expect(webhookPayloadSchema.safeParse(found.body).success).toBe(true);
    // The public percent is one of the three levels only.
    expect(webhookPayloadSchema.safeParse({ ...found.body, data: { ...found.body.data, percent: 60 } }).success).toBe(
      false,
    );
    expect(JSON.stringify(found.body)).not.toContain('dealerId');
  });
});

let app: AuthTestApp;
let tokens: Awaited<ReturnType<typeof seededSessions>>;
let dealerId: string;
let dealer2Id: string;
let dealer2: string;
let nextIdem = 0;
const idem = () => ({ 'idempotency-key': `webhook-test-${++nextIdem}-${Date.now()}` });
const config = loadAuthConfig();

/** A receiver on 127.0.0.1 answering each request with the next status of `answers` (then the last). */
interface Receiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  answers: number[];
  close(): Promise<void>;
}
async function startReceiver(answers: number[] = [200]): Promise<Receiver> {
  const receiver = { received: [], answers } as unknown as Receiver;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body });
      const status = receiver.answers.length > 1 ? receiver.answers.shift()! : receiver.answers[0]!;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

const options = { retryBaseMs: 1000, retryMaxMs: 3000, timeoutMs: 2000, production: false };

beforeAll(async () => {
  app = await startAuth();
  tokens = await seededSessions(app);
  dealerId = (await app.db('users').where({ email: 'dealer@esim.test' }).first('id')).id;
  dealer2Id = (await app.db('users').where({ email: 'dealer2@esim.test' }).first('id')).id;
  dealer2 = (await login(app, 'dealer2@esim.test')).token;
});
afterAll(async () => {
  await app?.close();
});

const call = (method: string, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: method as never,
    url,
    headers: { ...bearer(token), ...forwardedFor(freshIp()), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const createOwn = (body: unknown, token = tokens.dealer, headers: Record<string, string> = {}) =>
  call('POST', '/user/webhooks', token, body, { ...idem(), ...headers });

describe('a dealer manages its webhooks', () => {
  it('adds an endpoint whose secret is shown once, lists it without the secret, and logs it in the audit log', async () => {
    const res = await createOwn({ url: 'http://127.0.0.1:1/in', events: ['order.completed'], description: 'Mağaza' });
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(message).toContain('bir daha gösterilmeyecek');
    expect(data.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(data).toMatchObject({
      dealer_id: dealerId,
      url: 'http://127.0.0.1:1/in',
      events: ['order.completed'],
      description: 'Mağaza',
      active: true,
      secret_prefix: data.secret.slice(0, 10),
      previous_secret_expires_at: null,
    });
    const list = await call('GET', '/user/webhooks', tokens.dealer);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(data.id);
    expect(list.body).not.toContain(data.secret);
    const audit = await app.db('audit_log').where({ target_id: data.id });
    expect(audit.map((row) => [row.method, row.actor_id, row.target_name])).toEqual([
      ['POST', dealerId, 'http://127.0.0.1:1/in'],
    ]);
  });

  it('refuses a bad address, bad events and a bad description with a 400 naming the field, in Turkish and English', async () => {
    const before = await app.db('webhook_endpoints').count({ n: '*' });
    const tr = await createOwn({ url: 'ftp://example.com/x', events: ['order.completed'] });
    expect(tr.statusCode).toBe(400);
    expect(tr.json().errors).toEqual([
      expect.objectContaining({ path: 'url', message: expect.stringContaining('Adres http://') }),
    ]);
    const en = await createOwn({ url: 'https://user:pw@example.com/x', events: ['order.completed'] }, tokens.dealer, {
      'accept-language': 'en',
    });
    expect(en.json().errors).toEqual([
      expect.objectContaining({ path: 'url', message: expect.stringContaining('without a user name or password') }),
    ]);
    const events = await createOwn({ url: 'https://example.com/x', events: ['order.exploded'] });
    expect(events.statusCode).toBe(400);
    expect(events.json().errors[0].path).toMatch(/^events/);
    const none = await createOwn({ url: 'https://example.com/x', events: [] });
    expect(none.json().errors[0]).toMatchObject({ path: 'events' });
    const description = await createOwn({
      url: 'https://example.com/x',
      events: ['order.completed'],
      description: '<b>',
    });
    expect(description.statusCode).toBe(400);
    expect(await app.db('webhook_endpoints').count({ n: '*' })).toEqual(before);
  });

  it("answers 404 for another dealer's endpoint and delivery, and 403 to anyone but a dealer", async () => {
    const mine = (await createOwn({ url: 'http://127.0.0.1:1/mine', events: ['order.failed'] })).json().data;
    for (const [method, url, body] of [
      ['PATCH', `/user/webhooks/${mine.id}`, { active: false }],
      ['DELETE', `/user/webhooks/${mine.id}`, undefined],
      ['POST', `/user/webhooks/${mine.id}/rotate-secret`, undefined],
      ['POST', `/user/webhooks/${mine.id}/test`, undefined],
      ['GET', `/user/webhooks/${mine.id}/deliveries`, undefined],
    ] as const) {
      const res = await call(method, url, dealer2, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('webhook_not_found');
    }
    const test = await call('POST', `/user/webhooks/${mine.id}/test`, tokens.dealer);
    expect(test.statusCode).toBe(202);
    const resend = await call('POST', `/user/webhook-deliveries/${test.json().data.id}/resend`, dealer2);
    expect(resend.statusCode).toBe(404);
    expect(resend.json().code).toBe('webhook_delivery_not_found');
    expect((await app.db('webhook_endpoints').where({ id: mine.id }).first()).active).toBe(true);

    for (const token of [tokens.customer, tokens.sales]) {
      const res = await call('GET', '/user/webhooks', token, undefined, { 'accept-language': 'en' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'webhooks_dealers_only',
        message: 'Webhooks are only for dealer accounts',
      });
    }
  });

  it('lets an API key read the webhooks but not change them', async () => {
    const key = await call(
      'POST',
      '/user/api-keys',
      tokens.dealer,
      { name: 'Webhook okuma', scopes: ['read', 'order'] },
      idem(),
    );
    const exchanged = await app.inject({
      method: 'POST',
      url: '/internal/api-keys/exchange',
      headers: { 'x-service-token': config.INTERNAL_SERVICE_TOKEN },
      payload: { secret: key.json().data.secret },
    });
    const keyToken = exchanged.json().data.token as string;
    expect((await call('GET', '/user/webhooks', keyToken)).statusCode).toBe(200);
    const refused = await call('POST', '/user/webhooks', keyToken, {
      url: 'http://127.0.0.1:1/k',
      events: ['order.completed'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('api_key_route_forbidden');
  });

  it("lets an admin manage a dealer's endpoints, recorded in the audit log with the endpoint", async () => {
    const created = await call(
      'POST',
      `/admin/dealers/${dealer2Id}/webhooks`,
      tokens.admin,
      { url: 'http://127.0.0.1:1/admin', events: ['plus_order.approved'] },
      idem(),
    );
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json().data;
    expect(endpoint).toMatchObject({ dealer_id: dealer2Id, created_by: expect.any(String) });
    const list = await call('GET', '/user/webhooks', dealer2);
    expect(list.json().data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    const paused = await call('PATCH', `/admin/dealers/${dealer2Id}/webhooks/${endpoint.id}`, tokens.admin, {
      active: false,
    });
    expect(paused.json().data.active).toBe(false);
    // Another dealer's endpoint under this dealer's path is not found.
    const wrong = await call('PATCH', `/admin/dealers/${dealerId}/webhooks/${endpoint.id}`, tokens.admin, {
      active: true,
    });
    expect(wrong.statusCode).toBe(404);
    const deleted = await call('DELETE', `/admin/dealers/${dealer2Id}/webhooks/${endpoint.id}`, tokens.admin);
    expect(deleted.statusCode).toBe(200);
    const rows = await waitFor(async () => {
      const found = await app.db('audit_log').where({ target_id: endpoint.id, actor_role: 'admin' }).orderBy('id');
      return found.length >= 3 ? found : undefined;
    });
    expect(rows.map((row) => [row.method, row.target_name])).toEqual([
      ['POST', 'http://127.0.0.1:1/admin'],
      ['PATCH', 'http://127.0.0.1:1/admin'],
      ['DELETE', 'http://127.0.0.1:1/admin'],
    ]);
  });
});

describe('queueing from the internal events', () => {
  let esimDb: Knex;
  let esimBus: EventBus;
  beforeAll(async () => {
    esimDb = createDb(app.config.DATABASE_URL, 'esim', 2);
    esimBus = createEventBus({
      service: 'esim',
      db: esimDb,
      config: app.config,
      settings: { metricsLogIntervalMs: 0 },
    });
    await esimBus.start();
    await app.events.start();
  });
  afterAll(async () => {
    await esimBus.stop();
    await esimDb.destroy();
  });

  it("queues an event for the dealer's active endpoints that chose it, only for that dealer's own orders, once", async () => {
    const chose = (await createOwn({ url: 'http://127.0.0.1:1/q1', events: ['order.completed'] })).json().data;
    const other = (await createOwn({ url: 'http://127.0.0.1:1/q2', events: ['order.failed'] })).json().data;
    const paused = (await createOwn({ url: 'http://127.0.0.1:1/q3', events: ['order.completed'] })).json().data;
    await call('PATCH', `/user/webhooks/${paused.id}`, tokens.dealer, { active: false });
    const theirs = (await createOwn({ url: 'http://127.0.0.1:1/q4', events: ['order.completed'] }, dealer2)).json()
      .data;

    const orderId = randomUUID();
    await esimDb.transaction(async (trx) => {
      await publish(trx, 'esim', {
        type: 'esim.order.completed',
        aggregateId: orderId,
        payload: { orderId, userId: dealerId, amountCents: 1500, holdId: null },
      });
    });
    const [delivery] = await waitFor(async () => {
      const rows = await app.db('webhook_deliveries').where({ endpoint_id: chose.id });
      return rows.length ? rows : undefined;
    });
    expect(delivery).toMatchObject({ event_type: 'order.completed', status: 'pending', attempts: 0 });
    expect(delivery.payload).toMatchObject({
      type: 'order.completed',
      version: 1,
      data: { order_id: orderId, amount: 15 },
    });
    // Nothing for the endpoint that chose other events, the paused one, or another dealer's.
    for (const endpoint of [other, paused, theirs])
      expect(await app.db('webhook_deliveries').where({ endpoint_id: endpoint.id })).toHaveLength(0);

    // The same event again (a redelivery) queues nothing more.
    await app.db.transaction(async (trx) => {
      const found = publicEventOf(
        {
          id: delivery.event_id,
          type: 'esim.order.completed',
          version: 1,
          occurredAt: new Date().toISOString(),
          aggregateId: orderId,
          producer: 'esim',
          payload: { orderId, userId: dealerId, amountCents: 1500, holdId: null },
        },
        'esim.order.completed',
      )!;
      expect(await queueEvent(trx, found.userId, found.body)).toBe(0);
    });
    expect(await app.db('webhook_deliveries').where({ endpoint_id: chose.id })).toHaveLength(1);
  });
});

describe('delivery', () => {
  let receiver: Receiver;
  beforeEach(async () => {
    // Only this test's deliveries are due.
    await app.db('webhook_deliveries').where({ status: 'pending' }).update({ status: 'failed' });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const dueNow = (id: string) =>
    app.db('webhook_deliveries').where({ id }).update({ next_attempt_at: app.db.fn.now() });

  it('retries with doubling back-off up to the max, delivers once on a 2xx, and logs every try', async () => {
    receiver = await startReceiver([500, 503, 500, 200]);
    const endpoint = (await createOwn({ url: receiver.url, events: ['order.completed'] })).json().data;
    const queued = await call('POST', `/user/webhooks/${endpoint.id}/test`, tokens.dealer);
    expect(queued.statusCode).toBe(202);
    const id = queued.json().data.id;

    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ retry: 1 });
      const row = await app.db('webhook_deliveries').where({ id }).first();
      delays.push(Math.round((row.next_attempt_at.getTime() - before) / 1000));
      await dueNow(id);
    }
    expect(delays).toEqual([1, 2, 3]);
    expect(retryDelayMs(10, options)).toBe(3000);
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ delivered: 1 });
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ delivered: 0, retry: 0 });

    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers['esim-event-id'])).size).toBe(1);
    const last = receiver.received[3]!;
    expect(
      verdict(
        last.headers['esim-signature'] as string,
        last.body,
        (await app.db('webhook_endpoints').where({ id: endpoint.id }).first()).secret,
      ),
    ).toBe('ok');
    expect(JSON.parse(last.body)).toMatchObject({ type: 'test', version: 1, data: { endpoint_id: endpoint.id } });
    expect(Object.keys(JSON.parse(last.body))).toEqual(['id', 'type', 'version', 'created_at', 'data']);

    const log = await call('GET', `/user/webhooks/${endpoint.id}/deliveries`, tokens.dealer);
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json().data;
    expect(entry).toMatchObject({ id, status: 'delivered', attempts: 4, last_status_code: 200, next_attempt_at: null });
    expect(entry.tries.map((t: { status_code: number }) => t.status_code)).toEqual([500, 503, 500, 200]);
    // The endpoint list carries its newest delivery, so a screen needs no call per endpoint.
    const listed = (await call('GET', '/user/webhooks', tokens.dealer)).json().data;
    expect(listed.find((e: { id: string }) => e.id === endpoint.id).last_delivery).toEqual({
      status: 'delivered',
      at: entry.delivered_at,
    });
  });

  it('gives up 24 hours after the event: a try whose next one would fall later marks it failed; "send again" delivers it', async () => {
    receiver = await startReceiver([500, 204]);
    const endpoint = (await createOwn({ url: receiver.url, events: ['order.completed'] })).json().data;
    const id = (await call('POST', `/user/webhooks/${endpoint.id}/test`, tokens.dealer)).json().data.id;
    await app
      .db('webhook_deliveries')
      .where({ id })
      .update({ retry_until: app.db.raw("now() + interval '500 milliseconds'") });
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ failed: 1 });
    const failed = await app.db('webhook_deliveries').where({ id }).first();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 500, next_attempt_at: null });

    const resent = await call('POST', `/user/webhook-deliveries/${id}/resend`, tokens.dealer);
    expect(resent.statusCode).toBe(202);
    expect(resent.json().data).toMatchObject({ status: 'pending' });
    expect(new Date(resent.json().data.retry_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => r.headers['esim-event-id'])).toEqual([failed.event_id, failed.event_id]);
    const audit = await app.db('audit_log').where({ target_id: endpoint.id }).orderBy('id');
    expect(audit.map((row) => row.detail)).toEqual([
      'order.completed',
      expect.stringMatching(/^test /),
      `resend test ${failed.event_id}`,
    ]);
  });

  it('signs with both secrets while a rotation lasts, the new one shown once', async () => {
    receiver = await startReceiver([200]);
    const created = (await createOwn({ url: receiver.url, events: ['order.completed'] })).json().data;
    const rotated = await call('POST', `/user/webhooks/${created.id}/rotate-secret`, tokens.dealer);
    expect(rotated.statusCode).toBe(200);
    const { secret, previous_secret_expires_at } = rotated.json().data;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);
    expect(new Date(previous_secret_expires_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await call('POST', `/user/webhooks/${created.id}/test`, tokens.dealer);
    await deliverDueWebhooks(app.db, options);
    const [got] = receiver.received;
    const header = got!.headers['esim-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verdict(header, got!.body, secret)).toBe('ok');
    expect(verdict(header, got!.body, created.secret)).toBe('ok');
  });

  it('sends a test event to a paused endpoint (to try it before turning it on), and queues no other event for it', async () => {
    receiver = await startReceiver([200]);
    const endpoint = (await createOwn({ url: receiver.url, events: ['order.completed'] })).json().data;
    await call('PATCH', `/user/webhooks/${endpoint.id}`, tokens.dealer, { active: false });
    await app.db.transaction(async (trx) => {
      const found = publicEventOf(
        {
          id: randomUUID(),
          type: 'esim.order.completed',
          version: 1,
          occurredAt: new Date().toISOString(),
          aggregateId: 'o',
          producer: 'esim',
          payload: { orderId: 'o', userId: dealerId, amountCents: 100, holdId: null },
        },
        'esim.order.completed',
      )!;
      await queueEvent(trx, found.userId, found.body);
    });
    expect(await app.db('webhook_deliveries').where({ endpoint_id: endpoint.id })).toHaveLength(0);
    // The dealer's other (active) endpoints of earlier tests got it: out of this test's way.
    await app.db('webhook_deliveries').where({ status: 'pending' }).update({ status: 'failed' });
    await call('POST', `/user/webhooks/${endpoint.id}/test`, tokens.dealer);
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['test']);
  });

  it('counts a receiver that does not answer in time, or is not there, as a failed try', async () => {
    const closed = await startReceiver([200]);
    await closed.close();
    const endpoint = (await createOwn({ url: closed.url, events: ['order.completed'] })).json().data;
    const id = (await call('POST', `/user/webhooks/${endpoint.id}/test`, tokens.dealer)).json().data.id;
    expect(await deliverDueWebhooks(app.db, options)).toMatchObject({ retry: 1 });
    const attempt = await app.db('webhook_attempts').where({ delivery_id: id }).first();
    expect(attempt).toMatchObject({ status_code: null });
    expect(attempt.error).toMatch(/ECONNREFUSED/);
  });
});
