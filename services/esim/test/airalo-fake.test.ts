import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airaloSignature, startFakeAiralo, type FakeAiralo } from '../../../infra/src/fakes/airalo';

/**
 * The fake Airalo itself (infra/src/fakes/airalo.ts), spoken to over plain HTTP as Airalo's SDKs and
 * documentation do: what the adapter's tests rely on it to play faithfully.
 */
const CLIENT_ID = 'fake-client';
const CLIENT_SECRET = 'fake-secret';

/** Airalo's JSON as these tests read it: its shape is what they assert. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AiraloJson = any;

let fake: FakeAiralo;
let api: string;
let token: string;

beforeAll(async () => {
  fake = await startFakeAiralo({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, deliverySeconds: 0 });
  api = `${fake.url}/v2`;
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.clearFaults();
});

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as AiraloJson });
const get = async (path: string) =>
  json(await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } }));
const post = async (path: string, body: Record<string, unknown>) =>
  json(
    await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

describe('fake Airalo: token', () => {
  it('takes JSON, form and multipart bodies, answers the envelope, refuses bad credentials, and allows 3 requests a minute', async () => {
    const fields = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const answers = [
      await fetch(`${api}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
      }),
      await fetch(`${api}/token`, { method: 'POST', body: new URLSearchParams(fields) }),
      await fetch(`${api}/token`, { method: 'POST', body: form }),
    ];
    const bodies = await Promise.all(answers.map(json));
    for (const answer of bodies)
      expect(answer).toEqual({
        status: 200,
        body: {
          data: { token_type: 'Bearer', expires_in: 31_622_400, access_token: expect.any(String) },
          meta: { message: 'success' },
        },
      });
    token = bodies[2]!.body.data.access_token;
    const limited = await fetch(`${api}/token`, { method: 'POST', body: new URLSearchParams(fields) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: 'Too Many Attempts.' });
  });

  it('answers 401 to a missing, unknown or expired bearer token, and to wrong credentials', async () => {
    expect((await fetch(`${api}/balance`)).status).toBe(401);
    expect((await fetch(`${api}/balance`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await get('/balance')).status).toBe(200);
    const other = await startFakeAiralo({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    try {
      const wrong = await fetch(`${other.url}/v2/token`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: 'wrong', grant_type: 'client_credentials' }),
      });
      expect(wrong.status).toBe(401);
      const right = await json(
        await fetch(`${other.url}/v2/token`, {
          method: 'POST',
          body: new URLSearchParams({
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            grant_type: 'client_credentials',
          }),
        }),
      );
      const bearer = { authorization: `Bearer ${right.body.data.access_token}` };
      expect((await fetch(`${other.url}/v2/balance`, { headers: bearer })).status).toBe(200);
      other.expireTokens();
      expect(await json(await fetch(`${other.url}/v2/balance`, { headers: bearer }))).toEqual({
        status: 401,
        body: { message: 'Unauthenticated.' },
      });
    } finally {
      await other.close();
    }
  });
});

describe('fake Airalo: packages and orders', () => {
  it('lists countries → operators → packages with net prices in several currencies; filters; top-ups only when included; later pages keyed by position', async () => {
    const all = await get('/packages?include=topup');
    expect(all.body.pricing).toEqual({ model: 'net_pricing', discount_percentage: 0 });
    const turkiye = all.body.data.find((entry: { slug: string }) => entry.slug === 'turkiye');
    const merhaba = turkiye.operators[0].packages.find((pkg: { id: string }) => pkg.id === 'merhaba-7days-1gb');
    expect(merhaba).toMatchObject({
      type: 'sim',
      net_price: 4,
      price: 5,
      amount: 1024,
      day: 7,
      is_unlimited: false,
      prices: { net_price: { USD: 4, EUR: 3.68 }, recommended_retail_price: { USD: 5 } },
    });
    expect(turkiye.operators[0].packages.some((pkg: { type: string }) => pkg.type === 'topup')).toBe(true);
    const simsOnly = await get('/packages');
    expect(
      simsOnly.body.data
        .flatMap((entry: AiraloJson) => entry.operators.flatMap((op: AiraloJson) => op.packages))
        .some((pkg: AiraloJson) => pkg.type === 'topup'),
    ).toBe(false);
    expect((await get('/packages?filter[type]=global')).body.data.map((entry: { slug: string }) => entry.slug)).toEqual(
      ['europe', 'world'],
    );
    expect((await get('/packages?filter[country]=DE')).body.data.map((entry: { slug: string }) => entry.slug)).toEqual([
      'germany',
    ]);
    const second = await get('/packages?limit=2&page=2');
    expect(Array.isArray(second.body.data)).toBe(false);
    expect(Object.keys(second.body.data)).toEqual(['2', '3']);
    expect(second.body.meta).toMatchObject({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
  });

  it('orders synchronously (qrcode from lpa and matching id), validates the 422 shapes, refuses by business code, and is not idempotent', async () => {
    const order = { package_id: 'change-7days-1gb', quantity: 2, type: 'sim', description: 'same request' };
    const first = await post('/orders', order);
    const second = await post('/orders', order);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      package_id: 'change-7days-1gb',
      quantity: 2,
      currency: 'USD',
      description: 'same request',
    });
    for (const sim of first.body.data.sims) {
      expect(sim.qrcode).toBe(`LPA:1$${sim.lpa}$${sim.matching_id}`);
      expect(sim.iccid).toMatch(/^89\d{17}$/);
      expect(sim.direct_apple_installation_url).toContain(sim.qrcode);
    }
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect((await get('/orders?filter[description]=SAME%20REQ&include=sims')).body.data).toHaveLength(2);
    expect((await get(`/orders/${first.body.data.id}`)).body.data.sims).toHaveLength(2);

    expect(await post('/orders', { package_id: 'change-7days-1gb', quantity: 51 })).toEqual({
      status: 422,
      body: {
        data: { quantity: 'The quantity may not be greater than 50.' },
        meta: { message: 'the parameter is invalid' },
      },
    });
    expect((await post('/orders', { package_id: 'nope', quantity: 1 })).body.data).toEqual({
      package_id: 'The selected package is invalid.',
    });
    for (const [packageId, code] of [
      ['test-insufficient-balance-7days-1gb', 11],
      ['test-maintenance-mode-7days-1gb', 13],
      ['test-not-enough-7days-1gb', 33],
      ['test-out-of-stock-7days-1gb', 34],
    ] as const)
      expect(await post('/orders', { package_id: packageId, quantity: 1 })).toEqual({
        status: 422,
        body: { code, reason: expect.any(String) },
      });
  });
});

describe('fake Airalo: usage, refunds, notifications, control API', () => {
  it('serves usage in MB from a 20-minute snapshot, 10 requests a minute per ICCID, then 429 with Retry-After', async () => {
    const bought = await post('/orders', { package_id: 'merhaba-7days-1gb', quantity: 1 });
    const iccid = bought.body.data.sims[0].iccid as string;
    expect((await get(`/sims/${iccid}/usage`)).body).toEqual({
      data: expect.objectContaining({ remaining: 1024, total: 1024, status: 'NOT_ACTIVE', expired_at: null }),
      meta: { message: 'api.succes' },
    });
    // Set over the control API, with the snapshot left as it was: Airalo still shows the old figures.
    const set = await fetch(`${fake.url}/__fake/sims/${iccid}/usage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'in_use', usedMb: 100, snapshot: false }),
    });
    expect(set.status).toBe(200);
    expect((await get(`/sims/${iccid}/usage`)).body.data).toMatchObject({ remaining: 1024, status: 'NOT_ACTIVE' });
    fake.setUsage(iccid, { usedMb: 200 });
    expect((await get(`/sims/${iccid}/usage`)).body.data).toMatchObject({ remaining: 824, status: 'ACTIVE' });
    for (let i = 0; i < 7; i++) expect((await get(`/sims/${iccid}/usage`)).status).toBe(200);
    const limited = await fetch(`${api}/sims/${iccid}/usage`, { headers: { authorization: `Bearer ${token}` } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    fake.setUsage(iccid, { state: 'recycled' });
    expect((await get(`/sims/${iccid}/topups`)).body).toEqual({ code: 73, reason: expect.stringContaining(iccid) });
  });

  it('files refund requests (202; a second one for the same eSIM refused) and has no suspend or revoke call', async () => {
    const bought = await post('/orders', { package_id: 'hallo-mobil-7days-1gb', quantity: 1 });
    const iccid = bought.body.data.sims[0].iccid as string;
    const form = new FormData();
    form.append('iccids[]', iccid);
    form.append('reason', 'WRONG_PURCHASE');
    const refund = await json(
      await fetch(`${api}/refund`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }),
    );
    expect(refund).toEqual({
      status: 202,
      body: { data: { refund_id: expect.any(Number), created_at: expect.any(String) }, meta: { message: 'success' } },
    });
    expect(fake.refunds()).toEqual([expect.objectContaining({ iccids: [iccid], reason: 'WRONG_PURCHASE' })]);
    // Airalo's limit: one refund request per 5 minutes.
    expect((await post('/refund', { iccids: [iccid], reason: 'OTHERS', notes: 'again' })).status).toBe(429);
    expect((await post(`/sims/${iccid}/suspend`, {})).status).toBe(404);
    expect((await post(`/sims/${iccid}/revoke`, {})).status).toBe(404);
  });

  it('checks a webhook address with HEAD before opting in, signs its webhooks, and applies faults set over the control API', async () => {
    let heads = 0;
    const received: Array<{ body: string; signature: string | undefined }> = [];
    let healthy = false;
    const server: Server = createServer((request, response) => {
      if (request.method === 'HEAD') {
        heads += 1;
        response.writeHead(healthy ? 200 : 503).end();
        return;
      }
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        received.push({ body, signature: request.headers['airalo-signature'] as string | undefined });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      expect((await post('/notifications/opt-in', { type: 'webhook_low_data', webhook_url: url })).status).toBe(422);
      healthy = true;
      expect(await post('/notifications/opt-in', { type: 'webhook_low_data', webhook_url: url })).toEqual({
        status: 200,
        body: {
          data: { notification: { type: 'webhook_low_data', contact_point: url } },
          meta: { message: 'success' },
        },
      });
      expect(heads).toBe(2);
      const bought = await post('/orders', { package_id: 'merhaba-7days-1gb', quantity: 1 });
      const iccid = bought.body.data.sims[0].iccid as string;
      const fault = await fetch(`${fake.url}/__fake/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'webhook-duplicate', times: 1 }),
      });
      expect(fault.status).toBe(200);
      fake.sendLowData(iccid, '90%');
      await fake.idle();
      expect(received).toHaveLength(2);
      expect(received[0]).toEqual(received[1]);
      expect(received[0]!.signature).toBe(airaloSignature(CLIENT_SECRET, received[0]!.body));
      expect(JSON.parse(received[0]!.body)).toMatchObject({ level: '90%', iccid, package_name: 'merhaba-7days-1gb' });

      fake.addFault({ kind: 'status', status: 502, path: '/v2/balance', times: 1 });
      expect((await get('/balance')).status).toBe(502);
      expect((await get('/balance')).status).toBe(200);
      const recorded = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{
        path: string;
        fault: string | null;
      }>;
      expect(
        recorded
          .filter((request) => request.path === '/v2/balance')
          .map((request) => request.fault)
          .slice(-2),
      ).toEqual(['status', null]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('fake Airalo: latency', () => {
  it('answers every API call latencyMs late, and its control API at once', async () => {
    const slow = await startFakeAiralo({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, latencyMs: 200 });
    try {
      const timed = async (url: string) => {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      };
      const answered = await Promise.all([
        timed(`${slow.url}/v2/balance`),
        timed(`${slow.url}/v2/packages`),
        timed(`${slow.url}/v2/no-such-call`),
      ]);
      expect(answered.map((a) => a.status)).toEqual([401, 401, 404]);
      for (const { ms } of answered) expect(ms).toBeGreaterThanOrEqual(195);
      // Each call waits on its own: three one after another would take 600 ms.
      expect(Math.max(...answered.map((a) => a.ms))).toBeLessThan(550);
      const control = await timed(`${slow.url}/__fake/health`);
      expect(control).toMatchObject({ status: 200 });
      expect(control.ms).toBeLessThan(150);
    } finally {
      await slow.close();
    }
  });
});
