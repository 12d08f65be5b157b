import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createJwtVerifier } from '@esim/platform';
import { createTestKeys } from '@esim/platform/testing';
import { decodeProtectedHeader } from 'jose';
import { loadAuthConfig } from '../src/config';
import { buildApp } from '../src/app';
import { bearer, cookieOf, forwardedFor, freshIp, login, outbox, startAuth, type AuthTestApp } from './support';

describe('sessions: register, login, me, refresh, logout', () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await startAuth();
  });
  afterAll(async () => {
    await app.close();
  });

  const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/register',
      headers: { ...forwardedFor(freshIp()), ...headers },
      payload: body,
    });

  it('registers, signs in, reads /me, refreshes by cookie, logs out, and then /me is 401', async () => {
    const registered = await register({
      full_name: 'Elif Yılmaz',
      email: 'Elif@Example.com',
      password: 'gizli-sifre-1',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({
      success: true,
      code: 'register_successful',
      message: 'Kayıt başarılı',
      data: { email: 'elif@example.com', full_name: 'Elif Yılmaz', user_type: 1 },
    });

    const ip = freshIp();
    const signedIn = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(ip) },
      payload: { email: 'ELIF@example.com', password: 'gizli-sifre-1' },
    });
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({
      success: true,
      code: 'login_successful',
      message: 'Giriş başarılı',
      data: { full_name: 'Elif Yılmaz', email: 'elif@example.com', user_type: 1 },
    });
    expect(body.data.role).toBeUndefined();
    const token = body.data.token as string;

    const cookie = cookieOf(signedIn)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    // Without remember-me the refresh cookie lives 7 days.
    const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const me = await app.inject({ url: '/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: 'elif@example.com', full_name: 'Elif Yılmaz', user_type: 1 });

    const refreshed = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: cookie.value } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({
      code: 'token_refreshed',
      data: { email: 'elif@example.com', user_type: 1 },
    });
    const newToken = refreshed.json().data.token as string;
    const newCookie = cookieOf(refreshed)!;
    expect(newCookie.value).not.toBe(cookie.value);
    expect((await app.inject({ url: '/me', headers: bearer(newToken) })).statusCode).toBe(200);

    const loggedOut = await app.inject({
      method: 'POST',
      url: '/logout',
      // What a browser sends: the JSON content type with no body at all.
      headers: { ...bearer(newToken), 'content-type': 'application/json' },
      cookies: { refresh_token: newCookie.value },
    });
    expect(loggedOut.statusCode).toBe(200);
    expect(loggedOut.json()).toMatchObject({ success: true, code: 'logout_successful', message: 'Çıkış başarılı' });
    expect(cookieOf(loggedOut)!.value).toBe('');

    const after = await app.inject({ url: '/me', headers: bearer(newToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'unauthorized' });
    // The session's refresh token is dead too.
    const refreshAfter = await app.inject({
      method: 'POST',
      url: '/refresh',
      cookies: { refresh_token: newCookie.value },
    });
    expect(refreshAfter.statusCode).toBe(401);
  });

  it('refuses a duplicate email, in any letter case, with the fixed text', async () => {
    expect(
      (await register({ full_name: 'Ali Veli', email: 'ali@example.com', password: 'parola-ruzgar-123' })).statusCode,
    ).toBe(201);
    const before = await app.db('users').count({ n: '*' });
    const again = await register({ full_name: 'Ali Başka', email: 'ALI@example.com', password: 'parola-deniz-456' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'user_already_exists',
      message: 'Bu email adresi zaten kullanılıyor',
      errors: [{ path: 'email', message: 'Bu email adresi zaten kullanılıyor' }],
    });
    const en = await register(
      { full_name: 'Ali Başka', email: 'ali@example.com', password: 'parola-deniz-456' },
      { 'accept-language': 'en' },
    );
    expect(en.json().message).toBe('This email address is already in use');
    expect(await app.db('users').count({ n: '*' })).toEqual(before);
  });

  it('refuses a password equal to the email', async () => {
    const response = await register({
      full_name: 'Can Demir',
      email: 'can.demir@example.com',
      password: 'Can.Demir@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'password_equals_email',
      errors: [{ path: 'password', message: 'Şifre email adresinizle aynı olamaz' }],
    });
  });

  it('answers a wrong password and an unknown email alike, in Turkish or English', async () => {
    await register({ full_name: 'Zeynep Kaya', email: 'zeynep@example.com', password: 'dogru-sifre' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()) },
      payload: { email: 'zeynep@example.com', password: 'yanlis-sifre' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()) },
      payload: { email: 'nobody@example.com', password: 'yanlis-sifre' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'invalid_credentials',
        message: 'Geçersiz email veya şifre',
      });
    }
    const en = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()), 'accept-language': 'en-US,en;q=0.9' },
      payload: { email: 'zeynep@example.com', password: 'yanlis-sifre' },
    });
    expect(en.json().message).toBe('Invalid email or password');
  });

  it('refuses the 6th failed login in a row from one address with 429 and Retry-After; others are unaffected', async () => {
    await register({ full_name: 'Burak Şahin', email: 'burak@example.com', password: 'dogru-sifre' });
    const ip = freshIp();
    const attempt = (password: string, from = ip) =>
      app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...forwardedFor(from) },
        payload: { email: 'burak@example.com', password },
      });
    for (let i = 1; i <= 5; i++) expect((await attempt(`yanlis-${i}`)).statusCode).toBe(401);
    const sixth = await attempt('dogru-sifre');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('rate_limited');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sixth.json().message).toBe(`Çok fazla istek gönderildi. Lütfen ${retryAfter} saniye sonra tekrar deneyin.`);
    // The same account from another address still signs in: the limit is per email and address.
    expect((await attempt('dogru-sifre', freshIp())).statusCode).toBe(200);
  });

  it('clears the failure count on a successful login', async () => {
    await register({ full_name: 'Deniz Ak', email: 'deniz.ak@example.com', password: 'dogru-sifre' });
    const ip = freshIp();
    const attempt = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...forwardedFor(ip) },
        payload: { email: 'deniz.ak@example.com', password },
      });
    for (let i = 0; i < 4; i++) expect((await attempt('yanlis')).statusCode).toBe(401);
    expect((await attempt('dogru-sifre')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt('yanlis')).statusCode).toBe(401);
    expect((await attempt('yanlis')).statusCode).toBe(429);
  });

  it('limits registrations per address (configurable), counting only well-formed requests', async () => {
    const strict = await startAuth({ REGISTER_LIMIT_PER_IP: '2' });
    try {
      const ip = freshIp();
      const attempt = (n: number) =>
        strict.inject({
          method: 'POST',
          url: '/register',
          headers: { ...forwardedFor(ip) },
          payload: { full_name: 'Sınır Test', email: `limit${n}@example.com`, password: 'gizli-sifre-1' },
        });
      // Bad input is refused before it counts.
      await strict.inject({
        method: 'POST',
        url: '/register',
        headers: { ...forwardedFor(ip) },
        payload: { email: 'x' },
      });
      expect((await attempt(1)).statusCode).toBe(201);
      expect((await attempt(2)).statusCode).toBe(201);
      const third = await attempt(3);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
      expect(await strict.db('users').where({ email: 'limit3@example.com' }).first()).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it('keeps a remember-me session for 30 days', async () => {
    await register({ full_name: 'Ece Tan', email: 'ece@example.com', password: 'dogru-sifre' });
    const { response } = await login(app, 'ece@example.com', 'dogru-sifre', freshIp(), true);
    const days = (new Date(cookieOf(response)!.expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    const rotated = await app.inject({
      method: 'POST',
      url: '/refresh',
      cookies: { refresh_token: cookieOf(response)!.value },
    });
    const rotatedDays = (new Date(cookieOf(rotated)!.expires!).getTime() - Date.now()) / 86_400_000;
    expect(rotatedDays).toBeGreaterThan(29.9);
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    await register({ full_name: 'Fatma Öz', email: 'fatma@example.com', password: 'dogru-sifre' });
    const first = await login(app, 'fatma@example.com', 'dogru-sifre');
    const r1 = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: first.refresh } });
    const second = cookieOf(r1)!.value;
    const r2 = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: second } });
    expect(r2.statusCode).toBe(200);
    const third = cookieOf(r2)!.value;

    // The first token, already rotated, shows up again: someone holds a copy.
    const reuse = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: first.refresh } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({
      code: 'session_revoked',
      message: 'Oturumunuz güvenlik nedeniyle sonlandırıldı, lütfen tekrar giriş yapın',
    });
    expect(cookieOf(reuse)!.value).toBe('');
    // ...so the newest token of that family is dead as well, and the access tokens issued so far.
    expect((await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: third } })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ url: '/me', headers: bearer(r2.json().data.token) })).statusCode).toBe(401);
    const family = await app
      .db('refresh_tokens')
      .where({ user_id: (await app.db('users').where({ email: 'fatma@example.com' }).first()).id });
    expect(family.every((row: { revoked_at: Date | null }) => row.revoked_at !== null)).toBe(true);

    // A new login starts a fresh, working family.
    const fresh = await login(app, 'fatma@example.com', 'dogru-sifre');
    expect((await app.inject({ url: '/me', headers: bearer(fresh.token) })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: fresh.refresh } })).statusCode,
    ).toBe(200);
  });

  it('refuses a refresh without a cookie or with a made-up one', async () => {
    expect((await app.inject({ method: 'POST', url: '/refresh' })).json().code).toBe('unauthorized');
    const madeUp = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: 'A'.repeat(43) } });
    expect(madeUp.statusCode).toBe(401);
    const junk = await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: "' OR 1=1 --" } });
    expect(junk.statusCode).toBe(401);
  });

  it('publishes auth.user.registered for a new account', async () => {
    const response = await register({ full_name: 'Gül Demir', email: 'gul@example.com', password: 'dogru-sifre' });
    const id = response.json().data.id;
    const events = (await outbox(app, 'auth.user.registered')).filter((e) => e.aggregateId === id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      userId: id,
      email: 'gul@example.com',
      fullName: 'Gül Demir',
      userType: 1,
      status: 'active',
    });
    expect(events[0]!.correlationId).toBe(response.headers['x-request-id']);
  });

  it('updates the own profile and changes the password: other sessions end, this one continues', async () => {
    await register({ full_name: 'Hakan Er', email: 'hakan@example.com', password: 'eski-sifre-1' });
    const laptop = await login(app, 'hakan@example.com', 'eski-sifre-1');
    const phone = await login(app, 'hakan@example.com', 'eski-sifre-1');

    const profile = await app.inject({
      method: 'PUT',
      url: '/me',
      headers: bearer(laptop.token),
      payload: { full_name: 'Hakan Erdem', phone: '+90 532 111 22 33' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      code: 'profile_updated',
      data: { full_name: 'Hakan Erdem', phone: '+90 532 111 22 33' },
    });

    const wrong = await app.inject({
      method: 'PUT',
      url: '/me/password',
      headers: bearer(laptop.token),
      payload: { current_password: 'yanlis', new_password: 'yeni-sifre-2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'current_password_invalid', errors: [{ path: 'current_password' }] });

    const changed = await app.inject({
      method: 'PUT',
      url: '/me/password',
      headers: bearer(laptop.token),
      payload: { current_password: 'eski-sifre-1', new_password: 'yeni-sifre-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().code).toBe('password_changed');
    const newToken = changed.json().data.token as string;
    // Issued right after the revocation, and still accepted.
    expect((await app.inject({ url: '/me', headers: bearer(newToken) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/me', headers: bearer(laptop.token) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/me', headers: bearer(phone.token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: phone.refresh } })).statusCode,
    ).toBe(401);

    const oldPassword = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()) },
      payload: { email: 'hakan@example.com', password: 'eski-sifre-1' },
    });
    expect(oldPassword.statusCode).toBe(401);
    await login(app, 'hakan@example.com', 'yeni-sifre-2');
  });
});

describe('access tokens and signing keys', () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await startAuth();
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs ES256 tokens with a kid that the published JWKS verifies, with the claims the platform reads', async () => {
    await app.inject({
      method: 'POST',
      url: '/register',
      headers: { ...forwardedFor(freshIp()) },
      payload: { full_name: 'İpek Su', email: 'ipek@example.com', password: 'dogru-sifre' },
    });
    const { token } = await login(app, 'ipek@example.com', 'dogru-sifre');
    const jwks = (await app.inject('/.well-known/jwks.json')).json();
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    expect(jwks.keys.every((k: Record<string, unknown>) => k.d === undefined)).toBe(true);

    // Exactly what the gateway and every other service do with it.
    const user = await createJwtVerifier({ jwks })(token);
    expect(user).toMatchObject({ email: 'ipek@example.com', userType: 1, role: 'user' });
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'esim-auth',
      aud: 'esim',
      sub: user.id,
      email: 'ipek@example.com',
      user_type: 1,
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('keeps its generated keys across restarts, so tokens stay valid', async () => {
    const { token } = await login(app, 'ipek@example.com', 'dogru-sifre');
    const restarted = await startAuth();
    try {
      expect((await restarted.inject({ url: '/me', headers: bearer(token) })).statusCode).toBe(200);
      expect((await restarted.inject('/.well-known/jwks.json')).json()).toEqual(
        (await app.inject('/.well-known/jwks.json')).json(),
      );
    } finally {
      await restarted.close();
    }
  });

  it('answers an expired token with token_expired and a foreign one with unauthorized', async () => {
    const keys = await createTestKeys();
    const withTestKeys = await buildApp({ config: loadAuthConfig(process.env), jwks: keys.jwks });
    try {
      const user = await app.db('users').where({ email: 'ipek@example.com' }).first();
      const now = Math.floor(Date.now() / 1000);
      const expired = await keys.token({ id: user.id, userType: 1 }, { issuedAt: now - 3600, expiresIn: now - 1800 });
      const response = await withTestKeys.inject({ url: '/me', headers: bearer(expired) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'token_expired',
        message: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
      });

      const foreign = await (await createTestKeys()).token({ id: user.id, userType: 3 });
      expect((await app.inject({ url: '/me', headers: bearer(foreign) })).json().code).toBe('unauthorized');
      expect((await app.inject({ url: '/me' })).statusCode).toBe(401);
    } finally {
      await withTestKeys.close();
    }
  });

  it('signs with configured keys, and refuses to start in production without any', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const configured = await startAuth({ AUTH_SIGNING_KEYS: JSON.stringify([{ kid: 'ops-2026', privateKey: pem }]) });
    try {
      expect(
        (await configured.inject('/.well-known/jwks.json')).json().keys.map((k: { kid: string }) => k.kid),
      ).toEqual(['ops-2026']);
      const { token } = await login(configured, 'ipek@example.com', 'dogru-sifre');
      expect(decodeProtectedHeader(token).kid).toBe('ops-2026');
    } finally {
      await configured.close();
    }
    await expect(
      startAuth({ APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!' }),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});
