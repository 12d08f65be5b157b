import { createHash } from 'node:crypto';
import { API_KEYS_MAX_ACTIVE } from '@esim/contracts';
import { revokedTokenKey } from '@esim/platform';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../src/config';
import { bearer, forwardedFor, freshIp, seededSessions, startAuth, type AuthTestApp } from './support';

/** A dealer's API keys in the auth service: managing them, the audit log, and the gateway's exchange. */
let app: AuthTestApp;
let tokens: Awaited<ReturnType<typeof seededSessions>>;
let dealerId: string;
let dealer2Id: string;
const internal = { 'x-service-token': loadAuthConfig().INTERNAL_SERVICE_TOKEN };
let nextIdem = 0;
const idem = () => ({ 'idempotency-key': `api-key-test-${++nextIdem}-${Date.now()}` });

beforeAll(async () => {
  app = await startAuth();
  tokens = await seededSessions(app);
  dealerId = (await app.db('users').where({ email: 'dealer@esim.test' }).first('id')).id;
  dealer2Id = (await app.db('users').where({ email: 'dealer2@esim.test' }).first('id')).id;
});
afterAll(async () => {
  await app?.close();
});

const createOwn = (body: unknown, headers: Record<string, string> = {}, token = tokens.dealer) =>
  app.inject({
    method: 'POST',
    url: '/user/api-keys',
    headers: { ...bearer(token), ...forwardedFor(freshIp()), ...idem(), ...headers },
    payload: body as object,
  });

const exchange = (secret: string, ip = '198.51.100.20') =>
  app.inject({ method: 'POST', url: '/internal/api-keys/exchange', headers: internal, payload: { secret, ip } });

describe('a dealer manages its own API keys', () => {
  it('creates a key whose secret is shown once and stored only as its SHA-256', async () => {
    const res = await createOwn({ name: 'Mağaza entegrasyonu', scopes: ['read', 'order'] });
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(message).toContain('bir daha gösterilmeyecek');
    expect(data.secret).toMatch(/^esk_live_[a-z2-7]{39}$/);
    expect(data).toMatchObject({
      dealer_id: dealerId,
      name: 'Mağaza entegrasyonu',
      prefix: data.secret.slice(9, 17),
      scopes: ['read', 'order'],
      status: 'active',
      created_by: dealerId,
      last_used_at: null,
    });
    const row = await app.db('api_keys').where({ id: data.id }).first();
    expect(row.secret_hash).toBe(createHash('sha256').update(data.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(data.secret);
    // Nor does the stored answer of its Idempotency-Key hold it.
    const stored = await app.db('idempotency_keys').whereLike('scope', `api-keys:${dealerId}%`);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(data.secret);

    const list = await app.inject({ method: 'GET', url: '/user/api-keys', headers: bearer(tokens.dealer) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((key: { id: string }) => key.id === data.id);
    expect(listed).toMatchObject({ name: 'Mağaza entegrasyonu', prefix: data.prefix, status: 'active' });
    expect(listed).not.toHaveProperty('secret');
    expect(list.body).not.toContain(data.secret);
  });

  it('answers a repeated Idempotency-Key with the same key, one row, and no secret', async () => {
    const headers = idem();
    const first = await createOwn({ name: 'Tekrar', scopes: ['read'] }, headers);
    const again = await createOwn({ name: 'Tekrar', scopes: ['read'] }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toMatchObject({ id: first.json().data.id, secret: null });
    const [rows] = await app.db('api_keys').where({ dealer_id: dealerId, name: 'Tekrar' }).count({ n: '*' });
    expect(Number(rows!.n)).toBe(1);
  });

  it('revokes idempotently: the second revoke answers the key unchanged, and its id is in the revocation set', async () => {
    const created = (await createOwn({ name: 'Silinecek', scopes: ['read'] })).json().data;
    const revoke = () =>
      app.inject({ method: 'DELETE', url: `/user/api-keys/${created.id}`, headers: bearer(tokens.dealer) });
    const first = await revoke();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ id: created.id, status: 'revoked', revoked_by: dealerId });
    const second = await revoke();
    expect(second.statusCode).toBe(200);
    expect(second.json().data.revoked_at).toBe(first.json().data.revoked_at);
    expect(await app.redis.get(revokedTokenKey(created.id))).toBe('1');
    expect((await exchange(created.secret)).statusCode).toBe(401);
  });

  it("does not let one dealer see or revoke another dealer's key", async () => {
    const created = (await createOwn({ name: 'Bayi 1', scopes: ['read'] })).json().data;
    const dealer2 = (await seededLogin('dealer2@esim.test')).token;
    const res = await app.inject({ method: 'DELETE', url: `/user/api-keys/${created.id}`, headers: bearer(dealer2) });
    expect(res.statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/user/api-keys', headers: bearer(dealer2) });
    expect(list.json().data.map((key: { id: string }) => key.id)).not.toContain(created.id);
  });

  it('allows at most 10 active keys per dealer, with a clear 409', async () => {
    const dealer2 = (await seededLogin('dealer2@esim.test')).token;
    const active = Number(
      (await app.db('api_keys').where({ dealer_id: dealer2Id }).whereNull('revoked_at').count({ n: '*' }))[0]!.n,
    );
    for (let i = active; i < API_KEYS_MAX_ACTIVE; i++) {
      expect((await createOwn({ name: `Anahtar ${i}`, scopes: ['read'] }, {}, dealer2)).statusCode).toBe(201);
    }
    const over = await createOwn({ name: 'Fazla', scopes: ['read'] }, { 'accept-language': 'en' }, dealer2);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'api_key_limit_reached',
      message: 'A dealer may have at most 10 active API keys; revoke one before creating another',
    });
    // A revoked key frees its place.
    const one = (await app.inject({ method: 'GET', url: '/user/api-keys', headers: bearer(dealer2) })).json().data[0];
    await app.inject({ method: 'DELETE', url: `/user/api-keys/${one.id}`, headers: bearer(dealer2) });
    expect((await createOwn({ name: 'Yeni', scopes: ['read'] }, {}, dealer2)).statusCode).toBe(201);
  });

  it('refuses anyone but a dealer with a 403 that says keys are for dealers', async () => {
    for (const token of [tokens.customer, tokens.sales]) {
      const res = await createOwn({ name: 'X', scopes: ['read'] }, {}, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'api_keys_dealers_only',
        message: 'API anahtarları yalnızca bayi hesaplarına verilir',
      });
      const list = await app.inject({
        method: 'GET',
        url: '/user/api-keys',
        headers: { ...bearer(token), 'accept-language': 'en' },
      });
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe('API keys are only for dealer accounts');
    }
  });

  it('refuses bad input with a 400 naming the field, in Turkish and in English', async () => {
    const before = await app.db('api_keys').count({ n: '*' });
    const tr = await createOwn({ name: '', scopes: ['read'] });
    expect(tr.statusCode).toBe(400);
    expect(tr.json().errors).toEqual([
      expect.objectContaining({ path: 'name', message: expect.stringContaining('Anahtar adı') }),
    ]);
    const en = await createOwn({ name: 'Geçerli', scopes: ['write'] }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^scopes/), message: expect.stringContaining('Scopes') }),
    ]);
    const none = await createOwn({ name: 'Geçerli', scopes: [] }, { 'accept-language': 'en' });
    expect(none.json().errors[0]).toMatchObject({ path: 'scopes' });
    expect(await app.db('api_keys').count({ n: '*' })).toEqual(before);
  });
});

async function seededLogin(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/login',
    headers: forwardedFor(freshIp()),
    payload: { email, password: 'Demo1234!' },
  });
  return { token: res.json().data.token as string };
}

describe("an admin manages a dealer's keys", () => {
  it('lists, creates and revokes for a dealer, and the audit log names the key', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `/admin/dealers/${dealerId}/api-keys`,
      headers: { ...bearer(tokens.admin), ...forwardedFor(freshIp()), ...idem() },
      payload: { name: 'Yönetici anahtarı', scopes: ['order'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data;
    expect(key).toMatchObject({ dealer_id: dealerId, scopes: ['order'] });
    expect(key.secret).toMatch(/^esk_live_/);
    const list = await app.inject({
      method: 'GET',
      url: `/admin/dealers/${dealerId}/api-keys`,
      headers: bearer(tokens.admin),
    });
    expect(list.json().data.map((k: { id: string }) => k.id)).toContain(key.id);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/admin/dealers/${dealerId}/api-keys/${key.id}`,
      headers: bearer(tokens.admin),
    });
    expect(revoked.json().data.status).toBe('revoked');

    // The audit hook writes after the answer.
    let rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 50 && rows.length < 2; i++) {
      rows = await app.db('audit_log').where({ target_id: key.id }).orderBy('id');
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows.map((row) => [row.method, row.actor_role, row.target_name, row.detail])).toEqual([
      ['POST', 'admin', 'Yönetici anahtarı', key.prefix],
      ['DELETE', 'admin', 'Yönetici anahtarı', key.prefix],
    ]);
  });

  it("records a dealer's own key changes in the audit log too", async () => {
    const key = (await createOwn({ name: 'Kendi anahtarım', scopes: ['read'] })).json().data;
    await app.inject({ method: 'DELETE', url: `/user/api-keys/${key.id}`, headers: bearer(tokens.dealer) });
    const rows = await app.db('audit_log').where({ target_id: key.id }).orderBy('id');
    expect(rows.map((row) => [row.method, row.actor_id, row.actor_role, row.target_name, row.detail])).toEqual([
      ['POST', dealerId, 'user', 'Kendi anahtarım', key.prefix],
      ['DELETE', dealerId, 'user', 'Kendi anahtarım', key.prefix],
    ]);
  });

  it('answers 404 for an account that is not a dealer', async () => {
    const customerId = (await app.db('users').where({ email: 'customer@esim.test' }).first('id')).id;
    const res = await app.inject({
      method: 'POST',
      url: `/admin/dealers/${customerId}/api-keys`,
      headers: { ...bearer(tokens.admin), ...idem() },
      payload: { name: 'X', scopes: ['read'] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('dealer_not_found');
  });
});

describe("the gateway's exchange", () => {
  it("exchanges a secret for a short-lived token of the dealer with the key's claims, and records the use", async () => {
    const key = (await createOwn({ name: 'Takas', scopes: ['read'] })).json().data;
    const res = await exchange(key.secret, '198.51.100.77');
    expect(res.statusCode, res.body).toBe(200);
    const { token, key_id, scopes, expires_at } = res.json().data;
    expect({ key_id, scopes }).toEqual({ key_id: key.id, scopes: ['read'] });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: dealerId, user_type: 2, key: key.id, scopes: ['read'], jti: key.id });
    expect(claims.exp! - claims.iat!).toBe(loadAuthConfig().ACCESS_TOKEN_TTL_SECONDS);
    expect(new Date(expires_at).getTime()).toBe(claims.exp! * 1000);
    const row = await app.db('api_keys').where({ id: key.id }).first();
    expect(row.last_used_ip).toBe('198.51.100.77');
    const firstUse = row.last_used_at as Date;
    // At most once a minute: a second use right away leaves the record as it was.
    await exchange(key.secret, '198.51.100.78');
    const after = await app.db('api_keys').where({ id: key.id }).first();
    expect([after.last_used_at.getTime(), after.last_used_ip]).toEqual([firstUse.getTime(), '198.51.100.77']);

    // The token works on the dealer's routes but never manages keys.
    const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
    expect(me.json().data.email).toBe('dealer@esim.test');
    const manage = await app.inject({ method: 'GET', url: '/user/api-keys', headers: bearer(token) });
    expect(manage.statusCode).toBe(403);
    expect(manage.json().code).toBe('api_key_route_forbidden');
  });

  it('makes a sandbox key `esk_test_...` whose token carries the sandbox claim; its secret under the live prefix is unknown', async () => {
    // Room under the ten-keys limit the tests above filled.
    await app
      .db('api_keys')
      .whereIn('dealer_id', [dealerId, dealer2Id])
      .whereNull('revoked_at')
      .update({ revoked_at: new Date() });
    const created = await app.inject({
      method: 'POST',
      url: `/admin/dealers/${dealer2Id}/api-keys`,
      headers: { ...bearer(tokens.admin), ...forwardedFor(freshIp()), ...idem() },
      payload: { name: 'Deneme', scopes: ['read', 'order'], sandbox: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data;
    expect(key.secret).toMatch(/^esk_test_[a-z2-7]{39}$/);
    expect(key).toMatchObject({ sandbox: true, prefix: key.secret.slice(9, 17) });
    const res = await exchange(key.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.json().data.token)).toMatchObject({ sub: dealer2Id, key: key.id, sandbox: true });
    expect((await exchange(`esk_live_${key.secret.slice(9)}`)).statusCode).toBe(401);
    // A live key's token has no sandbox claim at all.
    const live = (await createOwn({ name: 'Canli', scopes: ['read'] })).json().data;
    expect(live.sandbox).toBe(false);
    expect(decodeJwt((await exchange(live.secret)).json().data.token).sandbox).toBeUndefined();
    const bad = await createOwn({ name: 'Kotu', scopes: ['read'], sandbox: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'sandbox' })]);
  });

  it('refuses an unknown secret, a malformed one and a call without the service credential', async () => {
    expect((await exchange('esk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(401);
    expect((await exchange('not-a-key')).statusCode).toBe(401);
    const open = await app.inject({
      method: 'POST',
      url: '/internal/api-keys/exchange',
      payload: { secret: 'esk_live_x' },
    });
    expect(open.statusCode).toBe(401);
  });
});
