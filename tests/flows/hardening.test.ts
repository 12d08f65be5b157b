import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { DEMO_ACCOUNTS } from '@esim/contracts';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { startSystem, type System } from './system';

/**
 * The weaknesses an outside probe found, each through the running system (gateway in front of the real
 * services): private answers cached, weak passwords, a spoofable client address, guessing from
 * many addresses, money for people who do not exist, and pages without a Permissions-Policy.
 */
describe('hardening: what an attacker found, refused through the running system', () => {
  let system: System;
  let mail: MailCatcher;
  let admin: string;

  beforeAll(async () => {
    mail = await startMailCatcher();
    process.env.SMTP_URL = mail.smtpUrl;
    // Short delays so the per-account limit can be watched tripping within a test.
    process.env.LOGIN_ACCOUNT_FREE_FAILURES = '5';
    process.env.LOGIN_ACCOUNT_DELAY_SECONDS = '30';
    system = await startSystem();
    admin = await system.login('admin@esim.test');
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await mail?.stop();
  });

  const idempotent = () => ({ 'idempotency-key': `hardening-${randomUUID()}` });

  describe('private answers are never cached', () => {
    it('login (token and cookie), /me, balances and the CSV export carry Cache-Control: no-store', async () => {
      const login = await system.api('POST', '/login', { body: { email: 'dealer@esim.test', password: 'Demo1234!' } });
      expect(login.status).toBe(200);
      expect(login.headers['set-cookie']).toBeDefined();
      expect(login.headers['cache-control']).toBe('no-store');
      const token = login.body.data.token as string;

      for (const [path, who] of [
        ['/me', token],
        ['/user/balance', token],
        ['/user/transactions', token],
        ['/admin/dealers/balances', admin],
        ['/admin/collection-logs/export', admin],
      ] as const) {
        const res = await system.api('GET', path, { token: who });
        expect(res.status, path).toBe(200);
        expect(res.headers['cache-control'], path).toBe('no-store');
      }
      // Errors to an authenticated caller too (they may name what exists).
      const forbidden = await system.api('GET', '/admin/dealers', { token });
      expect(forbidden.status).toBe(403);
      expect(forbidden.headers['cache-control']).toBe('no-store');
      // Logout clears the cookie: no-store as well.
      const logout = await system.api('POST', '/logout', { token });
      expect(logout.headers['cache-control']).toBe('no-store');
    });

    it('public catalog answers keep their public Cache-Control (the gateway still caches them)', async () => {
      const first = await system.api('GET', '/public/countries');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
      const again = await system.api('GET', '/public/countries');
      expect(again.headers['cache-control']).toMatch(/^public/);
    });
  });

  describe('passwords', () => {
    it("refuses 'aaaaaaaa' on register with a tr/en message naming the weakness, and creates nothing", async () => {
      const tr = await system.api('POST', '/register', {
        body: { full_name: 'Zayıf Şifre', email: 'weak@example.com', password: 'aaaaaaaa' },
        remoteAddress: '198.51.100.1',
      });
      expect(tr.status).toBe(400);
      expect(tr.body).toMatchObject({ code: 'password_weak_repeated', errors: [{ path: 'password' }] });
      expect(tr.body.message).toContain('tekrar eden karakterler');
      const en = await system.api('POST', '/register', {
        body: { full_name: 'Weak Password', email: 'weak@example.com', password: 'password1' },
        headers: { 'accept-language': 'en' },
        remoteAddress: '198.51.100.1',
      });
      expect(en.status).toBe(400);
      expect(en.body.code).toBe('password_weak_common');
      expect(en.body.message).toBe('This password is like commonly used passwords and easy to guess');
      const strong = await system.api('POST', '/register', {
        body: { full_name: 'Güçlü Şifre', email: 'weak@example.com', password: 'mavi-deniz-kenarinda-7' },
        remoteAddress: '198.51.100.1',
      });
      expect(strong.status).toBe(201);
    });

    it('refuses a weak new password on change (naming new_password) and keeps the old one working', async () => {
      await system.api('POST', '/register', {
        body: { full_name: 'Değişen Şifre', email: 'change@example.com', password: 'eski-ve-uzun-sifre-1' },
        remoteAddress: '198.51.100.2',
      });
      const token = await system.login('change@example.com', 'eski-ve-uzun-sifre-1');
      const weak = await system.api('PUT', '/me/password', {
        token,
        body: { current_password: 'eski-ve-uzun-sifre-1', new_password: 'qwertyuiop' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors[0].path).toBe('new_password');
      expect(weak.body.code).toMatch(/^password_weak/);
      expect(await system.login('change@example.com', 'eski-ve-uzun-sifre-1')).toBeTruthy();
    });
  });

  describe('the client address and the login pause', () => {
    it('the gateway carries the service credential, so no path trick may reach an /internal route through it', async () => {
      const id = DEMO_ACCOUNTS[0]!.id;
      for (const trick of [
        `..%2F..%2Finternal%2Faccounts%2F${id}`,
        `%2e%2e%2f%2e%2e%2finternal%2faccounts%2f${id}`,
        `..%5C..%5Cinternal%5Caccounts%5C${id}`,
      ]) {
        const res = await system.api('GET', `/admin/dealers/${trick}`, { token: admin });
        expect(res.status, trick).toBeGreaterThanOrEqual(400);
        expect(res.status, trick).toBeLessThan(500);
        expect(JSON.stringify(res.body)).not.toContain('"user_type"');
      }
      const direct = await system.gateway.inject({
        method: 'GET',
        url: `/api/../internal/accounts/${id}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(direct.statusCode).toBe(404);
    });

    it('ignores an X-Forwarded-For sent straight to auth: the sixth wrong guess is paused whatever address it claims', async () => {
      const auth = `http://127.0.0.1:${(system.services.auth.server.address() as AddressInfo).port}`;
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await fetch(`${auth}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
          body: JSON.stringify({ email: 'customer@esim.test', password: `yanlis-${i}` }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('slows guessing from many addresses per account with growing delays, and mails the owner once when it trips', async () => {
      const owner = DEMO_ACCOUNTS.find((account) => account.email === 'sales@esim.test')!;
      const guess = (n: number, password = `yanlis-${n}`) =>
        system.api('POST', '/login', { body: { email: owner.email, password }, remoteAddress: `192.0.2.${n}` });
      // Five free failures, each from its own address (the per-address pause never trips).
      for (let n = 1; n <= 5; n++) expect((await guess(n)).status).toBe(401);
      // The sixth attempt is let through and starts the delay; the next must wait, even with the right password.
      expect((await guess(6)).status).toBe(401);
      const waiting = await guess(7, 'Demo1234!');
      expect(waiting.status).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);

      const mails = await waitFor(
        async () => {
          const found = (await mail.messages()).filter((m) => m.to.includes(owner.email));
          return found.length > 0 ? found : undefined;
        },
        { what: 'the lockout mail' },
      );
      expect(mails).toHaveLength(1);
      expect(mails![0]!.subject).toBe('Hesabınızda çok sayıda başarısız giriş denemesi');
      expect(mails![0]!.text).toContain('/forgot-password');
    });
  });

  describe('money only for people who exist', () => {
    it('refuses a load or cash for a dealer id nobody has (asked of auth) with 404 dealer_not_found, booking nothing', async () => {
      const phantom = randomUUID();
      for (const [path, body] of [
        ['/admin/dealers/balance', { dealer_id: phantom, amount: 50 }],
        ['/admin/dealers/cash-balance', { dealer_id: phantom, amount: 50, load: true }],
      ] as const) {
        const res = await system.api('POST', path, { token: admin, body, headers: idempotent() });
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({
          code: 'dealer_not_found',
          errors: [{ path: 'dealer_id', message: 'Bayi bulunamadı' }],
        });
      }
      const balances = await system.api('GET', `/admin/dealers/balances?ids=${phantom}`, { token: admin });
      expect(balances.body.data[0]).toMatchObject({ balance_cents: 0, owed_cents: 0 });
    });

    it('loads money for a real dealer the balance service has not heard of yet (auth vouches for it)', async () => {
      const created = await system.api('POST', '/admin/dealers', {
        token: admin,
        headers: idempotent(),
        body: {
          full_name: 'Yeni Bayi',
          email: 'yeni.bayi@example.com',
          company_name: 'Yeni Bayi Ltd',
          password: 'bayi-sifresi-uzun-1',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const loaded = await system.api('POST', '/admin/dealers/balance', {
        token: admin,
        headers: idempotent(),
        body: { dealer_id: created.body.data.id, amount: 25 },
      });
      expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
      expect(loaded.body.data.balance_cents).toBe(2500);
    });

    it("refuses a collect from a 'sales manager' who is a dealer with 'not a sales manager', in tr and en", async () => {
      const dealer = DEMO_ACCOUNTS.find((account) => account.email === 'dealer@esim.test')!;
      const tr = await system.api('POST', '/admin/sales-managers/collect', {
        token: admin,
        headers: idempotent(),
        body: { sales_manager_id: dealer.id, amount: 1 },
      });
      expect(tr.status).toBe(422);
      expect(tr.body).toMatchObject({
        code: 'not_a_sales_manager',
        message: 'Bu kullanıcı bir satış yöneticisi değil',
        errors: [{ path: 'sales_manager_id' }],
      });
      const en = await system.api('POST', '/admin/sales-managers/collect', {
        token: admin,
        headers: { ...idempotent(), 'accept-language': 'en' },
        body: { sales_manager_id: randomUUID(), amount: 1 },
      });
      expect(en.status).toBe(404);
      expect(en.body.message).toBe('Sales manager not found');
    });
  });

  it('pages carry a Permissions-Policy that turns camera, microphone, geolocation and payment off', async () => {
    for (const url of ['/', '/dashboard', '/api/docs']) {
      const res = await system.gateway.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
        expect(policy, url).toContain(feature);
    }
  });
});
