import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ROUTES, USER_TYPE } from '@esim/contracts';
import { connect, type AddressInfo } from 'node:net';
import { revokeTokenId, revokeUserTokens } from '@esim/platform';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadGatewayConfig } from '../src/config';
import { allAt, bigExportChunks, deadUrl, gatewayConfig, startEchoUpstream, type Received } from './support/upstreams';

type Gateway = Awaited<ReturnType<typeof buildApp>>;

let keys: TestKeys;
let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
let gateway: Gateway;
let admin: string;
let retail: string;

/** The gateway's address on a real port (listening from the first test that needs one on). */
async function listening(): Promise<string> {
  if (!gateway.server.listening) await gateway.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
}

/** What the upstream received for one request id (the gateway forwards the id). */
function receivedFor(requestId: string): Received | undefined {
  return echo.received.find((entry) => entry.headers['x-request-id'] === requestId);
}

function multipart(size: number): { body: Buffer; contentType: string } {
  const boundary = `----esim${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sims.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const content = Buffer.alloc(size - head.length - tail.length, 'a');
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

beforeAll(async () => {
  keys = await createTestKeys();
  echo = await startEchoUpstream();
  gateway = await buildApp({ jwks: keys.jwks, config: gatewayConfig(), upstreams: allAt(echo.url) });
  admin = await keys.token({ id: randomUUID(), userType: USER_TYPE.admin });
  retail = await keys.token({ id: randomUUID(), userType: USER_TYPE.retail });
});

afterAll(async () => {
  await gateway?.close();
  await echo?.app.close();
});

describe('forwarding by the route table', () => {
  it('strips /api, keeps the query string and passes the caller headers on', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/admin/collection-logs?start_date=2026-01-01&search=t%C3%BCrk&range=%5B0%2C9%5D',
      headers: {
        authorization: `Bearer ${admin}`,
        cookie: 'refresh=xyz',
        'accept-language': 'en',
        'idempotency-key': 'key-12345678',
        'x-service-token': 'made-up-by-the-caller',
        'x-forwarded-for': '6.6.6.6',
        connection: 'keep-alive, x-hop-secret',
        'x-hop-secret': 'for the next hop only',
      },
    });
    expect(response.statusCode).toBe(200);
    const seen = receivedFor(response.headers['x-request-id'] as string)!;
    expect(seen.url).toBe('/admin/collection-logs?start_date=2026-01-01&search=t%C3%BCrk&range=%5B0%2C9%5D');
    expect(seen.headers.authorization).toBe(`Bearer ${admin}`);
    expect(seen.headers.cookie).toBe('refresh=xyz');
    expect(seen.headers['accept-language']).toBe('en');
    expect(seen.headers['idempotency-key']).toBe('key-12345678');
    // The credential never comes from outside: the gateway sends its own, which vouches for X-Forwarded-For.
    expect(seen.headers['x-service-token']).toBe(loadGatewayConfig().INTERNAL_SERVICE_TOKEN);
    // The socket address, not what the caller claims (no trusted proxies configured).
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    // Named hop-by-hop by the caller's Connection header: not for the service.
    expect(seen.headers['x-hop-secret']).toBeUndefined();
  });

  it('passes the upstream headers back (cookies, list headers, caching, Retry-After), minus x-powered-by', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x' });
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toEqual([
      'refresh=abc; HttpOnly; Path=/api; SameSite=Strict',
      'second=1; Path=/',
    ]);
    expect(response.headers['content-range']).toBe('items 0-9/42');
    expect(response.headers['x-total-count']).toBe('42');
    expect(response.headers.etag).toBe('"v1"');
    // An answer that sets a cookie is never stored anywhere, whatever the upstream said (platform no-store rule).
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['retry-after']).toBe('7');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.json()).toEqual({ echoed: { method: 'POST', url: '/login', bodyBytes: payload.length } });
  });

  it('creates a request id, answers with it and forwards the same id; a malformed one is replaced', async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/public/countries' });
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(receivedFor(id)).toBeDefined();

    const forged = await gateway.inject({
      method: 'GET',
      url: '/api/public/countries',
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    const replaced = forged.headers['x-request-id'] as string;
    expect(replaced).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(receivedFor(replaced)?.headers['x-request-id']).toBe(replaced);
  });

  it('streams a large answer through whole (an export of unknown length)', async () => {
    const response = await gateway.inject({
      method: 'GET',
      url: '/api/admin/collection-logs/export?big=stream',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.rawPayload.equals(Buffer.concat([...bigExportChunks()]))).toBe(true);
  });

  it("relays a GET's answer with the headers fastify's reply gives the HEAD of the same answer", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/public/countries?plain=1', {}],
      ['/api/public/countries', {}],
      ['/api/admin/collection-logs?plain=1', { authorization: `Bearer ${admin}` }],
    ];
    for (const [url, headers] of cases) {
      const requestId = `relay-${randomUUID()}`;
      const get = await gateway.inject({ method: 'GET', url, headers: { ...headers, 'x-request-id': requestId } });
      const head = await gateway.inject({ method: 'HEAD', url, headers: { ...headers, 'x-request-id': requestId } });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      // The echoed method makes the HEAD's body one byte longer; the date may tick between the two.
      const comparable = ({ date: _date, 'content-length': length, ...rest }: Record<string, unknown>) => ({
        ...rest,
        length: typeof length,
      });
      expect(comparable(get.headers), url).toEqual(comparable(head.headers));
      expect(Number(get.headers['content-length'])).toBe(get.rawPayload.length);
      expect(get.headers['x-request-id']).toBe(requestId);
    }
  });

  it('relays every line of a repeated header over a real connection', async () => {
    const response = await fetch(`${await listening()}/api/public/countries`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      'refresh=abc; HttpOnly; Path=/api; SameSite=Strict',
      'second=1; Path=/',
    ]);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.json()).toEqual({ echoed: { method: 'GET', url: '/public/countries', bodyBytes: 0 } });
  });

  it('marks an answer private (no-store) for a token or a cookie, and relays the upstream caching otherwise', async () => {
    const plain = await gateway.inject({ method: 'GET', url: '/api/public/countries?plain=1' });
    expect(plain.headers['cache-control']).toBeUndefined();
    const withCookie = await gateway.inject({ method: 'GET', url: '/api/public/countries' });
    expect(withCookie.headers['cache-control']).toBe('no-store');
    const signedIn = await gateway.inject({
      method: 'GET',
      url: '/api/admin/collection-logs?plain=1',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const response = await gateway.inject({ method: 'HEAD', url: '/api/public/countries' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['x-total-count']).toBe('42');
    expect(receivedFor(response.headers['x-request-id'] as string)?.method).toBe('HEAD');
  });

  it('forwards a JSON body byte for byte, never re-serialised', async () => {
    const raw = '{ "amount" : 14.990,\n  "note": "çğışöü \\u00e9",  "items": [1, 2.50, {"a": null}] }';
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/user/balance/add',
      headers: {
        authorization: `Bearer ${retail}`,
        'content-type': 'application/json; charset=utf-8',
        'idempotency-key': 'k-00000001',
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    const seen = receivedFor(response.headers['x-request-id'] as string)!;
    expect(seen.body).toBe(raw);
    expect(seen.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(raw)));
  });

  it('forwards a DELETE with a body (stock deletion takes one)', async () => {
    const response = await gateway.inject({
      method: 'DELETE',
      url: '/api/admin/physical-sim/stock/42',
      headers: { authorization: `Bearer ${admin}` },
      payload: { reason: 'damaged' },
    });
    expect(response.statusCode).toBe(200);
    expect(receivedFor(response.headers['x-request-id'] as string)?.body).toBe('{"reason":"damaged"}');
  });

  it('streams a multipart import through whole, up to the route limit of 10 MB', async () => {
    const { body, contentType } = multipart(3 * 1024 * 1024);
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/admin/physical-sim/import',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const seen = receivedFor(response.headers['x-request-id'] as string)!;
    expect(seen.bodyBytes).toBe(body.length);
    expect(seen.bodySha).toBe(createHash('sha256').update(body).digest('hex'));
  });
});

describe('body limits', () => {
  it('refuses JSON over 1 MB with 413 in the caller language, before the service sees it', async () => {
    const payload = JSON.stringify({ note: 'x'.repeat(1024 * 1024) });
    const before = echo.received.length;
    const tr = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(tr.statusCode).toBe(413);
    expect(tr.json()).toEqual({ success: false, code: 'payload_too_large', message: 'İstek gövdesi çok büyük' });
    const en = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(en.json().message).toBe('The request body is too large');
    expect(echo.received.length).toBe(before);
  });

  it("refuses an import over the route table's limit (20 MB files), by its Content-Length or while streaming a chunked one", async () => {
    const limit = ROUTES.find((r) => r.method === 'POST' && r.path === '/admin/physical-sim/import-excel')!.bodyLimit!;
    const { body, contentType } = multipart(limit + 1024);
    const before = echo.received.length;
    const declared = await gateway.inject({
      method: 'POST',
      url: '/api/admin/physical-sim/import-excel',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      payload: body,
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().code).toBe('payload_too_large');
    expect(echo.received.length).toBe(before);

    // No Content-Length: the gateway counts the bytes as they pass and stops at the limit.
    const chunked = await gateway.inject({
      method: 'POST',
      url: '/api/admin/physical-sim/import-excel',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType, 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunksOf(body, 64 * 1024)),
    });
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().code).toBe('payload_too_large');
  });
});

/** One HTTP/1.1 request with the path exactly as given. */
async function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  const lines = [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  // Fastify answers small bodies with Content-Length, so no chunk framing to undo.
  return { status: Number(head.split(' ')[1]), body };
}

function* chunksOf(buffer: Buffer, size: number) {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

describe('what the gateway never routes', () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

  it('answers 404 to /internal/* for every method, body or accepted type', async () => {
    const before = echo.received.length;
    for (const method of methods) {
      for (const url of ['/internal/anything', '/internal/balance/holds', '/internal', '/api/internal/balance/holds']) {
        const response = await gateway.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', accept: 'text/html', 'x-service-token': 'guess' },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{not json' }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        if (method !== 'HEAD') expect(response.json().code, `${method} ${url}`).toBe('route_not_found');
      }
    }
    expect(echo.received.length).toBe(before);
  });

  it('answers an unknown /api path with the 404 envelope, in tr and en', async () => {
    const tr = await gateway.inject({ method: 'GET', url: '/api/x' });
    expect(tr.statusCode).toBe(404);
    expect(tr.json()).toEqual({ success: false, code: 'route_not_found', message: 'İstenen adres bulunamadı' });
    const en = await gateway.inject({
      method: 'POST',
      url: '/api/no/such/route?x=1',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json().message).toBe('The requested route does not exist');
    expect((await gateway.inject({ method: 'GET', url: '/api' })).statusCode).toBe(404);
  });

  it('answers a known path with the wrong method with 405 and the allowed methods', async () => {
    const login = await gateway.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(405);
    expect(login.json()).toEqual({
      success: false,
      code: 'method_not_allowed',
      message: 'Bu işlem bu adreste desteklenmiyor',
    });
    expect(login.headers.allow).toBe('POST');
    const dealers = await gateway.inject({
      method: 'PATCH',
      url: '/api/admin/dealers/7',
      headers: { 'accept-language': 'en' },
    });
    expect(dealers.statusCode).toBe(405);
    expect(dealers.json().message).toBe('Method not allowed');
    expect(dealers.headers.allow).toBe('GET, PUT, DELETE, HEAD');
  });

  it('does not let dot segments climb out of a route', async () => {
    // Written to a raw socket: inject and HTTP clients (like browsers) resolve the dots before sending.
    const base = new URL(await listening());
    const before = echo.received.length;
    for (const path of [
      '/api/user/esim/../usage',
      '/api/public/balance/esim/%2e%2e',
      '/api/public/countries/%2E/packages',
    ]) {
      const response = await rawGet(Number(base.port), path, { authorization: `Bearer ${retail}` });
      expect(response.status, path).toBe(404);
      expect(JSON.parse(response.body).code).toBe('route_not_found');
    }
    expect(echo.received.length).toBe(before);
  });
});

describe('token and role at the door', () => {
  it('401 without a token, 401 token_expired for an expired one, 403 for a wrong role; the service never sees them', async () => {
    const before = echo.received.length;
    const anonymous = await gateway.inject({ method: 'GET', url: '/api/admin/dealers' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, code: 'unauthorized', message: 'Oturum açmanız gerekiyor' });

    const expired = await keys.token(
      { id: randomUUID(), userType: USER_TYPE.admin },
      { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    const late = await gateway.inject({
      method: 'GET',
      url: '/api/admin/dealers',
      headers: { authorization: `Bearer ${expired}`, 'accept-language': 'en' },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      success: false,
      code: 'token_expired',
      message: 'Your session has expired, please sign in again',
    });

    const forged = await gateway.inject({
      method: 'GET',
      url: '/api/admin/dealers',
      headers: { authorization: `Bearer ${admin.slice(0, -4)}AAAA` },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('unauthorized');

    const wrongRole = await gateway.inject({
      method: 'GET',
      url: '/api/admin/dealers',
      headers: { authorization: `Bearer ${retail}` },
    });
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json()).toEqual({ success: false, code: 'forbidden', message: 'Bu işlem için yetkiniz yok' });
    expect(echo.received.length).toBe(before);
  });

  it('still refuses a token once its user is revoked, it is signed out or it expires, after it was verified and remembered', async () => {
    const userId = randomUUID();
    const token = await keys.token(
      { id: userId, userType: USER_TYPE.retail },
      { issuedAt: Math.floor(Date.now() / 1000) - 5 },
    );
    const call = () =>
      gateway.inject({ method: 'GET', url: '/api/user/balance', headers: { authorization: `Bearer ${token}` } });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    await revokeUserTokens(gateway.redis, userId);
    // The gateway hears of it on the revocation channel (or asks Redis until it listens): refused within the bound.
    await vi.waitFor(
      async () => {
        const revoked = await call();
        expect(revoked.statusCode).toBe(401);
        expect(revoked.json().code).toBe('unauthorized');
      },
      { timeout: 500, interval: 5 },
    );

    // Signed out (logout revokes the token's own id): refused here too, not only by the auth service.
    const jti = randomUUID();
    const session = await keys.token({ id: randomUUID(), userType: USER_TYPE.retail }, { jti });
    const withSession = () =>
      gateway.inject({ method: 'GET', url: '/api/user/balance', headers: { authorization: `Bearer ${session}` } });
    expect((await withSession()).statusCode).toBe(200);
    await revokeTokenId(gateway.redis, jti, 60);
    await vi.waitFor(async () => expect((await withSession()).statusCode).toBe(401), { timeout: 500, interval: 5 });

    const shortLived = await keys.token({ id: randomUUID(), userType: USER_TYPE.retail }, { expiresIn: '30s' });
    const withShort = () =>
      gateway.inject({ method: 'GET', url: '/api/user/balance', headers: { authorization: `Bearer ${shortLived}` } });
    expect((await withShort()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const expired = await withShort();
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('token_expired');
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the token before reading a body: a big anonymous upload is refused with 401', async () => {
    const { body, contentType } = multipart(2 * 1024 * 1024);
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/admin/physical-sim/import',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('sets the pages policy on pages and errors outside /api: CSP, HSTS, framing, referrer; no x-powered-by', async () => {
    for (const url of ['/internal/x', '/some/page', '/dashboard/admin/dealers']) {
      const response = await gateway.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob: https:");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sets the API policy on API answers and API errors: deny-all CSP, no framing, no sniffing, HSTS', async () => {
    for (const url of ['/api/public/countries', '/api/x', '/api/admin/dealers']) {
      const response = await gateway.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('upstream failures', () => {
  it('answers 503 service_unavailable in the caller language when a service is down', async () => {
    const down = await buildApp({ jwks: keys.jwks, config: gatewayConfig(), upstreams: allAt(await deadUrl()) });
    try {
      const tr = await down.inject({ method: 'GET', url: '/api/public/countries' });
      expect(tr.statusCode).toBe(503);
      expect(tr.json()).toEqual({
        success: false,
        code: 'service_unavailable',
        message: 'Servis şu anda kullanılamıyor',
      });
      const en = await down.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': 'en' },
        payload: { email: 'a@b.co', password: 'secret123' },
      });
      expect(en.statusCode).toBe(503);
      expect(en.json()).toEqual({
        success: false,
        code: 'service_unavailable',
        message: 'The service is unavailable right now',
      });
    } finally {
      await down.close();
    }
  });

  it('never hangs on a slow service: 503 once the upstream timeout passes', async () => {
    const impatient = await buildApp({
      jwks: keys.jwks,
      config: gatewayConfig({ UPSTREAM_TIMEOUT_MS: '300' }),
      upstreams: allAt(echo.url),
    });
    try {
      const started = Date.now();
      const response = await impatient.inject({ method: 'GET', url: '/api/public/balance/esim/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('service_unavailable');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      await impatient.close();
    }
  });
});

describe('rate limits', () => {
  it('limits a public-lookup group per client IP with 429 and Retry-After; a forged X-Forwarded-For does not help', async () => {
    const limited = await buildApp({
      jwks: keys.jwks,
      config: gatewayConfig({ RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN: '3' }),
      upstreams: allAt(echo.url),
    });
    try {
      const lookup = (url: string, extra: Record<string, string> = {}, remoteAddress = '10.9.8.7') =>
        limited.inject({ method: 'GET', url, remoteAddress, headers: extra });
      // One budget for the whole group: both balance lookups draw from it.
      expect((await lookup('/api/public/balance/esim/ABCD1234')).statusCode).toBe(200);
      expect((await lookup('/api/public/balance/physical-sim/123456')).statusCode).toBe(200);
      expect((await lookup('/api/public/balance/esim/ABCD1235')).statusCode).toBe(200);

      const refused = await lookup('/api/public/balance/esim/ABCD1236', { 'x-forwarded-for': '1.2.3.4' });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({
        success: false,
        code: 'rate_limited',
        message: `Çok fazla istek gönderildi. Lütfen ${retryAfter} saniye sonra tekrar deneyin.`,
      });
      const english = await lookup('/api/public/balance/physical-sim/123457', { 'accept-language': 'en' });
      expect(english.statusCode).toBe(429);
      expect(english.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);

      // Another caller, and another group of the same caller, are not affected.
      expect((await lookup('/api/public/balance/esim/ABCD1237', {}, '10.9.8.8')).statusCode).toBe(200);
      expect((await lookup('/api/public/countries')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const behindProxy = await buildApp({
      jwks: keys.jwks,
      config: gatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/8', RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN: '1' }),
      upstreams: allAt(echo.url),
    });
    try {
      const viaProxy = (client: string) =>
        behindProxy.inject({
          method: 'GET',
          url: '/api/public/balance/esim/ABCD9999',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': client },
        });
      const first = await viaProxy('203.0.113.5');
      expect(first.statusCode).toBe(200);
      expect(receivedFor(first.headers['x-request-id'] as string)?.headers['x-forwarded-for']).toBe('203.0.113.5');
      expect((await viaProxy('203.0.113.5')).statusCode).toBe(429);
      expect((await viaProxy('203.0.113.6')).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});
