import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../infra/src/mail-catcher';
import { bearer, forwardedFor, freshIp, login, seededSessions, startAuth, type AuthTestApp } from './support';

/** Password reset and set-password invitations, through a real SMTP server (MailDev, in-process). */
describe('password reset through the mail catcher', () => {
  let app: AuthTestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startAuth({ SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' });
  });
  afterAll(async () => {
    await app.close();
    await mail.stop();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { ...forwardedFor(freshIp()), ...headers },
    });

  async function register(email: string, password: string) {
    const response = await post('/register', { full_name: 'Reset Kullanıcı', email, password });
    expect(response.statusCode).toBe(201);
  }

  async function mailTo(address: string, count = 1): Promise<CaughtMail[]> {
    const found = await waitFor(
      async () => {
        const found = (await mail.messages()).filter((m) => m.to.includes(address));
        return found.length >= count ? found : undefined;
      },
      { what: `${count} mail(s) to ${address}` },
    );
    return found!;
  }

  const tokenIn = (message: CaughtMail) => {
    const link = /https:\/\/shop\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text);
    expect(link, message.text).not.toBeNull();
    return link![1]!;
  };

  it('answers alike for a known and an unknown email, and mails only the known one', async () => {
    await register('known@example.com', 'ilk-sifre-1');
    const known = await post('/forgot-password', { email: 'known@example.com' });
    const unknown = await post('/forgot-password', { email: 'unknown@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toMatchObject({ success: true, code: 'password_reset_requested', data: null });

    const [message] = await mailTo('known@example.com');
    expect(message!.subject).toBe('Şifre sıfırlama talebiniz');
    expect(message!.text).toContain('30 dakika');
    expect(message!.html).toContain('https://shop.example.com/reset-password?token=');
    expect((await mail.messages()).some((m) => m.to.includes('unknown@example.com'))).toBe(false);
  });

  it('resets the password with the emailed link once: old password and sessions stop working, the link is then used up', async () => {
    await register('round@example.com', 'eski-sifre-1');
    const session = await login(app, 'round@example.com', 'eski-sifre-1');
    await post('/forgot-password', { email: 'round@example.com' }, { 'accept-language': 'en' });
    const [message] = await mailTo('round@example.com');
    expect(message!.subject).toBe('Your password reset request');
    const token = tokenIn(message!);

    const reset = await post('/reset-password', { token, password: 'yeni-sifre-2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      code: 'password_reset_successful',
      message: 'Şifreniz yenilendi, yeni şifrenizle giriş yapabilirsiniz',
    });

    await login(app, 'round@example.com', 'yeni-sifre-2');
    expect((await post('/login', { email: 'round@example.com', password: 'eski-sifre-1' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/me', headers: bearer(session.token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: session.refresh } })).statusCode,
    ).toBe(401);

    const again = await post('/reset-password', { token, password: 'ucuncu-sifre-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'reset_token_invalid',
      errors: [{ path: 'token', message: 'Şifre sıfırlama bağlantısı geçersiz veya daha önce kullanılmış' }],
    });
    await login(app, 'round@example.com', 'yeni-sifre-2');
  });

  it('refuses an expired link, and a link replaced by a newer one', async () => {
    await register('late@example.com', 'eski-sifre-1');
    await post('/forgot-password', { email: 'late@example.com' });
    const first = tokenIn((await mailTo('late@example.com', 1))[0]!);
    await post('/forgot-password', { email: 'late@example.com' });
    const second = tokenIn((await mailTo('late@example.com', 2))[1]!);
    expect(second).not.toBe(first);

    const replaced = await post('/reset-password', { token: first, password: 'yeni-sifre-2' });
    expect(replaced.json().code).toBe('reset_token_invalid');

    // Thirty minutes pass.
    await app.db('password_resets').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await post('/reset-password', { token: second, password: 'yeni-sifre-2' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'reset_token_expired', errors: [{ path: 'token' }] });
    await login(app, 'late@example.com', 'eski-sifre-1');
  });

  it('keeps the link usable when the new password breaks a rule', async () => {
    await register('rules@example.com', 'eski-sifre-1');
    await post('/forgot-password', { email: 'rules@example.com' });
    const token = tokenIn((await mailTo('rules@example.com'))[0]!);
    const same = await post('/reset-password', { token, password: 'rules@example.com' });
    expect(same.json()).toMatchObject({ code: 'password_equals_email', errors: [{ path: 'password' }] });
    expect((await post('/reset-password', { token, password: 'iyi-bir-sifre' })).statusCode).toBe(200);
  });

  it('limits forgot-password requests per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('/forgot-password', { email: `nobody${i}@example.com` }, { ...forwardedFor(ip) })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('emails a set-password link to a dealer created without a password', async () => {
    const { admin } = await seededSessions(app);
    const created = await app.inject({
      method: 'POST',
      url: '/admin/dealers',
      headers: bearer(admin),
      payload: { full_name: 'Davetli Bayi', email: 'invited@example.com', company_name: 'Davet Ltd.', password: '' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.invitation_sent).toBe(true);
    // No password works until the dealer chooses one.
    expect((await post('/login', { email: 'invited@example.com', password: '' })).statusCode).toBe(400);
    const [message] = await mailTo('invited@example.com');
    expect(message!.subject).toBe('Hesabınız oluşturuldu: şifrenizi belirleyin');
    expect(message!.text).toContain('72 saat');
    expect((await post('/reset-password', { token: tokenIn(message!), password: 'bayi-sifresi-1' })).statusCode).toBe(
      200,
    );
    const { response } = await login(app, 'invited@example.com', 'bayi-sifresi-1');
    expect(response.json().data.user_type).toBe(2);
  });
});
