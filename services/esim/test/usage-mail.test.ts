import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type MailCatcher } from '../../../infra/src/mail-catcher';
import { buildApp as buildAuth } from '../../auth/src/app';
import { loadAuthConfig } from '../../auth/src/config';
import { signWebhook } from '@esim/platform';
import { key, startEsimSystem, type EsimSystem } from './support';

const GB = 1024 ** 3;

/**
 * The 80 % mail end to end: usage webhook → esim outbox (same transaction as the usage) → event
 * log → the auth service's consumer → SMTP → the demo inbox (MailDev), in the buyer's language.
 */
describe('usage alert mails', () => {
  let sys: EsimSystem;
  let auth: Awaited<ReturnType<typeof buildAuth>>;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    auth = await buildAuth({ config: loadAuthConfig({ ...process.env, SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' }) });
    sys = await startEsimSystem();
    await auth.events.start();
    await sys.esim.events.start();
  });
  afterAll(async () => {
    await sys.stop();
    await auth.close();
    await mail.stop();
  });

  it('mails the owner once at 80 %, in English when they bought in English', async () => {
    const registered = await auth.inject({ method: 'POST', url: '/register', headers: { 'x-forwarded-for': '203.0.113.77' }, payload: { full_name: 'Gezgin Yolcu', email: 'traveller@example.com', password: 'Uzun-parola-123' } });
    expect(registered.statusCode, registered.body).toBe(201);
    const me = { id: registered.json().data.id as string, userType: 1 as const };
    await sys.fund(me, 50_00);
    await sys.stock('US-7D-3GB', 1);
    const bought = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(me, { 'idempotency-key': key(), 'accept-language': 'en' }),
      payload: { package_id: await sys.packageId('US-7D-3GB') },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const { iccid } = bought.json().data.esims[0];
    const orderNumber = bought.json().data.order_number;

    for (const [id, used] of [['a', 2.5 * GB], ['b', 2.7 * GB]] as const) {
      const raw = JSON.stringify({ reports: [{ id, iccid, used_bytes: Math.ceil(used) }] });
      const at = Math.floor(Date.now() / 1000);
      const res = await sys.esim.inject({
        method: 'POST',
        url: '/webhooks/esim-usage',
        headers: { 'content-type': 'application/json', 'x-esim-timestamp': String(at), 'x-esim-signature': signWebhook(sys.esim.esim.ctx.config.ESIM_WEBHOOK_SECRET, at, raw) },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
    }

    const [message] = (await waitFor(async () => {
      const found = (await mail.messages()).filter((m) => m.to.includes('traveller@example.com'));
      return found.length ? found : undefined;
    }, { what: 'the 80 % mail', timeoutMs: 20_000 }))!;
    expect(message!.subject).toBe(`80% of your eSIM data is used (${orderNumber})`);
    expect(message!.text).toContain('Hello Gezgin Yolcu');
    expect(message!.text).toContain(`https://shop.example.com/balance?number=${orderNumber}`);
    // Once: the second report (still above 80 %) publishes no second mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mail.messages()).filter((m) => m.to.includes('traveller@example.com'))).toHaveLength(1);
  });
});
