import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { positiveEuroAmount } from '@esim/contracts';
import { createServiceApp } from '../src/service';
import { loadConfig, baseConfigSchema } from '../src/config';
import { AppError } from '../src/errors';
import { idempotentRequest } from '../src/idempotency';
import { ok, okList } from '../src/http/envelope';
import { listQuery, toListQuery } from '../src/http/list-query';
import { createTestKeys, waitFor, type TestKeys } from '../src/testing/index';
import { revokeUserTokens } from '../src/auth';

/**
 * The shared service plumbing, exercised through a real app on the test's own database:
 * envelope, localized validation errors, generic 500s, auth and the route table guard.
 * The routes below are real table routes of the catalog service, with test handlers.
 */
describe('service app', () => {
  let app: Awaited<ReturnType<typeof createServiceApp>>;
  let keys: TestKeys;

  beforeAll(async () => {
    keys = await createTestKeys();
    app = await createServiceApp({
      name: 'catalog',
      schema: 'catalog',
      description: 'test',
      config: loadConfig(baseConfigSchema),
      jwks: keys.jwks,
    });
    app.get('/public/countries', { schema: { querystring: listQuery() } }, async (request, reply) => {
      const query = toListQuery(request.query as never);
      return okList(reply, [{ id: 1 }, { id: 2 }], 42, query, 'countries');
    });
    app.put(
      '/admin/countries/:id',
      {
        schema: {
          params: z.object({ id: z.string().length(2) }),
          body: z.object({ daily_price: positiveEuroAmount, name: z.string().max(10) }),
        },
      },
      async (request, reply) => ok(reply, { cents: (request.body as { daily_price: number }).daily_price }, 'updated'),
    );
    app.get('/admin/countries/:id', async (request) => {
      if ((request.params as { id: string }).id === 'xx') throw new AppError(404, 'not_found');
      if ((request.params as { id: string }).id === 'yy')
        throw new AppError(400, 'validation_error', {
          errors: [
            { path: 'file', message: 'import_file_type' },
            { path: 'note', message: 'already in words' },
          ],
        });
      throw new Error('database exploded with secret details');
    });
    let created = 0;
    app.post('/admin/packages', async (request, reply) => {
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: 'test-create', required: true },
        async (_trx, scopedKey) => ({
          statusCode: 201,
          body: { n: ++created, scopedKey },
        }),
      );
      return ok(reply, result.body, 'created', result.statusCode);
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('wraps lists in the envelope with react-admin headers', async () => {
    const res = await app.inject('/public/countries?range=[10,11]');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('countries 10-11/42');
    expect(res.headers['x-total-count']).toBe('42');
    expect(res.json()).toMatchObject({
      success: true,
      data: [{ id: 1 }, { id: 2 }],
      meta: { total: 42, page: 6, limit: 2 },
    });
  });

  it("counts the requests it served in /ready's answer, not the health probes themselves", async () => {
    const servedNow = async () => ((await app.inject('/ready')).json() as { served: number }).served;
    const before = await servedNow();
    await app.inject('/public/countries');
    await app.inject('/no-such-route');
    await app.inject('/health');
    expect(await servedNow()).toBe(before + 2);
  });

  it('refuses NUL and lone surrogates anywhere with a 400 naming the field (the one text rule)', async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const body = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      payload: { daily_price: 1, name: 'a\u0000b' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual([{ path: 'name', message: expect.stringContaining('not allowed') }]);
    const query = await app.inject('/public/countries?search=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0].path).toBe('search');
    // Escaped inside react-admin's filter JSON: only visible once parsed.
    const filter = await app.inject(`/public/countries?filter=${encodeURIComponent('{"q":"a\\u0000b"}')}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].path).toBe('filter.q');
    const surrogate = await app.inject(`/public/countries?filter=${encodeURIComponent('{"q":"\\ud800"}')}`);
    expect(surrogate.statusCode).toBe(400);
    const unknown = await app.inject(`/public/countries?filter=${encodeURIComponent('{"regoin":"europe"}')}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('filter.regoin');
  });

  it('names the bad field in Turkish by default and in English on request', async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const tr = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}` },
      payload: { daily_price: 1.001, name: 'x'.repeat(11) },
    });
    expect(tr.statusCode).toBe(400);
    const body = tr.json();
    expect(body.code).toBe('validation_error');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'daily_price', message: 'Tutar en fazla iki ondalık basamak içerebilir' },
        expect.objectContaining({ path: 'name' }),
      ]),
    );
    const en = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-GB,en;q=0.8' },
      payload: { daily_price: 'ten' },
    });
    expect(en.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'daily_price', message: 'Invalid input: expected number, received string' },
        { path: 'name', message: 'Invalid input: expected string, received undefined' },
      ]),
    );
  });

  it("puts a service's own field errors given as codes into the caller's language", async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const tr = await app.inject({ url: '/admin/countries/yy', headers: { authorization: `Bearer ${token}` } });
    expect(tr.statusCode).toBe(400);
    expect(tr.json().errors).toEqual([
      { path: 'file', message: 'Yalnızca xlsx veya csv dosyası yüklenebilir' },
      { path: 'note', message: 'already in words' },
    ]);
    const en = await app.inject({
      url: '/admin/countries/yy',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(en.json().errors[0]).toEqual({ path: 'file', message: 'Only xlsx or csv files can be uploaded' });
  });

  it('turns euros into cents for the handler', async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const res = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}` },
      payload: { daily_price: 14.99, name: 'Almanya' },
    });
    expect(res.json()).toMatchObject({
      success: true,
      code: 'updated',
      message: 'Kayıt güncellendi',
      data: { cents: 1499 },
    });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const res = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"daily_price": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_json');
  });

  it('hides internals of an unexpected error behind the request id', async () => {
    const token = await keys.token({ id: 'a1', userType: 3 });
    const res = await app.inject({
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-123' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'internal_error',
      message: 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
      requestId: 'req-123',
    });
    expect(res.body).not.toContain('secret');
    expect(res.headers['x-request-id']).toBe('req-123');
    const known = await app.inject({ url: '/admin/countries/xx', headers: { authorization: `Bearer ${token}` } });
    expect(known.json()).toMatchObject({ code: 'not_found', message: 'Kayıt bulunamadı' });
  });

  it('refuses an injected request id and makes its own', async () => {
    const res = await app.inject({ url: '/public/countries', headers: { 'x-request-id': 'bad id\nwith newline' } });
    const next = await app.inject({ url: '/public/countries' });
    // This process's random prefix and a count: another process (or a restart) draws another prefix.
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(next.headers['x-request-id']).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(next.headers['x-request-id']).not.toBe(res.headers['x-request-id']);
  });

  it('guards table routes by role: 401 anonymous, 401 expired, 403 wrong role', async () => {
    expect((await app.inject({ url: '/admin/countries/de' })).json()).toMatchObject({ code: 'unauthorized' });
    const expired = await keys.token(
      { id: 'a1', userType: 3 },
      { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    const expiredRes = await app.inject({
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(expiredRes.statusCode).toBe(401);
    expect(expiredRes.json().code).toBe('token_expired');
    const forged = await app.inject({ url: '/admin/countries/de', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.json().code).toBe('unauthorized');
    const dealer = await keys.token({ id: 'd1', userType: 2 });
    const forbidden = await app.inject({ url: '/admin/countries/de', headers: { authorization: `Bearer ${dealer}` } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Bu işlem için yetkiniz yok');
  });

  it('checks the role before it reads the body: no 400 for a caller without rights', async () => {
    const dealer = await keys.token({ id: 'd1', userType: 2 });
    const res = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${dealer}` },
      payload: { daily_price: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      payload: '{broken json',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('runs a create once per caller and Idempotency-Key, marks replays, and names a missing key', async () => {
    const admin = await keys.token({ id: 'idem-admin', userType: 3 });
    const post = (headers: Record<string, string>, payload: unknown = { code: 'X' }) =>
      app.inject({
        method: 'POST',
        url: '/admin/packages',
        headers: { authorization: `Bearer ${admin}`, ...headers },
        payload: payload as object,
      });
    const first = await post({ 'idempotency-key': 'create-0001' });
    const again = await post({ 'idempotency-key': 'create-0001' });
    expect(first.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(first.json().data.scopedKey).toBe('test-create:idem-admin:create-0001');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await post({ 'idempotency-key': 'create-0001' }, { code: 'Y' })).statusCode).toBe(409);
    const missing = await post({ 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'idempotency_key_required',
      errors: [{ path: 'Idempotency-Key', message: 'This request needs an Idempotency-Key header' }],
    });
  });

  it('stops honouring tokens of a revoked user', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 5;
    const token = await keys.token({ id: 'revoked-admin', userType: 3 }, { issuedAt });
    await revokeUserTokens(app.redis, 'revoked-admin');
    const res = await app.inject({ url: '/admin/countries/xx', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('records admin writes in the audit log', async () => {
    const token = await keys.token({ id: 'auditor', userType: 3 });
    await app.inject({
      method: 'PUT',
      url: '/admin/countries/de',
      headers: { authorization: `Bearer ${token}` },
      payload: { daily_price: 10, name: 'DE' },
    });
    // The audit row is written after the response has gone out, so the caller never waits for it.
    const rows = await waitFor(async () => {
      const found = await app.db('audit_log').where({ actor_id: 'auditor' });
      return found.length ? found : undefined;
    });
    expect(rows).toHaveLength(1);
    expect(rows![0]).toMatchObject({
      actor_role: 'admin',
      method: 'PUT',
      route: '/admin/countries/:id',
      status_code: 200,
    });
  });
});

describe('route table guard', () => {
  it('refuses to start a service with a route that is not in the table', async () => {
    const app = await createServiceApp({
      name: 'catalog',
      schema: 'catalog',
      description: 'test',
      config: loadConfig(baseConfigSchema),
    });
    expect(() => app.get('/admin/secret-backdoor', async () => 'x')).toThrow(/not in the route table/);
    await app.close();
  });

  it('requires the service credential on /internal routes', async () => {
    const config = loadConfig(baseConfigSchema);
    const app = await createServiceApp({ name: 'catalog', schema: 'catalog', description: 'test', config });
    app.post('/internal/ping', async () => ({ pong: true }));
    const denied = await app.inject({ method: 'POST', url: '/internal/ping' });
    expect(denied.statusCode).toBe(401);
    const allowed = await app.inject({
      method: 'POST',
      url: '/internal/ping',
      headers: { 'x-service-token': config.INTERNAL_SERVICE_TOKEN },
    });
    expect(allowed.json()).toEqual({ pong: true });
    await app.close();
  });
});

describe('config', () => {
  it('names every bad variable and refuses the demo service token in production', () => {
    expect(() => loadConfig(baseConfigSchema, { LOG_LEVEL: 'loud', DATABASE_POOL_MAX: '0' })).toThrow(
      /LOG_LEVEL[\s\S]*DATABASE_POOL_MAX|DATABASE_POOL_MAX[\s\S]*LOG_LEVEL/,
    );
    expect(() => loadConfig(baseConfigSchema, { APP_MODE: 'production' })).toThrow(/INTERNAL_SERVICE_TOKEN/);
  });
});
