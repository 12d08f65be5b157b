import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { reportUsage } from './esim';
import { startSystem, type System } from './system';

const GB = 1024 ** 3;

/**
 * The 80 % mail end to end in the running system: a signed usage webhook through the gateway →
 * esim's outbox (same transaction as the usage) → the event log → auth's consumer → SMTP → the demo
 * inbox, in the language the buyer bought in.
 */
describe('usage alert mails', () => {
  let system: System;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    process.env.SMTP_URL = mail.smtpUrl;
    process.env.PUBLIC_BASE_URL = 'https://shop.example.com';
    system = await startSystem();
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await mail?.stop();
  });

  it('mails the owner once at 80 %, in English when they bought in English', async () => {
    const registered = await system.api('POST', '/register', {
      remoteAddress: '203.0.113.77',
      body: { full_name: 'Gezgin Yolcu', email: 'traveller@example.com', password: 'Uzun-parola-123' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const traveller = await system.login('traveller@example.com', 'Uzun-parola-123');
    const admin = await system.login('admin@esim.test');

    // Money the way a buyer adds it: a bank transfer the admin confirms.
    const deposit = await system.api('POST', '/user/balance/add', {
      token: traveller,
      headers: { 'idempotency-key': 'usage-mail-deposit' },
      body: { amount: 50 },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    const confirmed = await system.api('POST', `/admin/deposits/${deposit.body.data.id}/confirm`, { token: admin });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const us = await system.api('GET', '/public/countries/united-states/packages');
    const threeGb = us.body.data.packages.find((p: { duration: number }) => p.duration === 7);
    const bought = await system.api('POST', '/user/packages/buy', {
      token: traveller,
      headers: { 'idempotency-key': 'usage-mail-buy', 'accept-language': 'en' },
      body: { package_id: threeGb.id, quantity: 1 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const { iccid } = bought.body.data.esims[0];
    const orderNumber = bought.body.data.order_number;

    for (const [id, used] of [
      ['a', 2.5 * GB],
      ['b', 2.7 * GB],
    ] as const) {
      const res = await reportUsage(system, [{ id, iccid, used_bytes: Math.ceil(used) }]);
      expect(res.statusCode, res.body).toBe(200);
    }

    const [message] = (await waitFor(
      async () => {
        const found = (await mail.messages()).filter((m) => m.to.includes('traveller@example.com'));
        return found.length ? found : undefined;
      },
      { what: 'the 80 % mail', timeoutMs: 20_000 },
    ))!;
    expect(message!.subject).toBe(`80% of your eSIM data is used (${orderNumber})`);
    expect(message!.text).toContain('Hello Gezgin Yolcu');
    expect(message!.text).toContain(`https://shop.example.com/balance?number=${orderNumber}`);
    // Once: the second report (still above 80 %) publishes no second mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mail.messages()).filter((m) => m.to.includes('traveller@example.com'))).toHaveLength(1);
  });
});
