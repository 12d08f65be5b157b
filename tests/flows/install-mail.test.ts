import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import type { EsimOrder, EsimProfile } from '@esim/contracts';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { startSystem, type System } from './system';

/**
 * The install mail end to end in the running system: the owner asks for it through the gateway →
 * esim's outbox → the event log → auth's mailer → a real SMTP inbox, every eSIM's details in the
 * buyer's language with its QR png inline.
 */
describe('the install mail', () => {
  let system: System;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    process.env.SMTP_URL = mail.smtpUrl;
    system = await startSystem();
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
    await mail?.stop();
  });

  it('sends every eSIM of the order with its QR png inline, in the language asked', async () => {
    const registered = await system.api('POST', '/register', {
      remoteAddress: '203.0.113.78',
      body: { full_name: 'Kurulum Yolcu', email: 'installer@example.com', password: 'Uzun-parola-123' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const owner = await system.login('installer@example.com', 'Uzun-parola-123');
    const admin = await system.login('admin@esim.test');
    const deposit = await system.api('POST', '/user/balance/add', {
      token: owner,
      headers: { 'idempotency-key': 'install-mail-deposit' },
      body: { amount: 100 },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    expect((await system.api('POST', `/admin/deposits/${deposit.body.data.id}/confirm`, { token: admin })).status).toBe(
      200,
    );

    const us = await system.api('GET', '/public/countries/united-states/packages');
    const threeGb = us.body.data.packages.find((p: { duration: number }) => p.duration === 7);
    const bought = await system.api('POST', '/user/packages/buy', {
      token: owner,
      headers: { 'idempotency-key': 'install-mail-buy' },
      body: { package_id: threeGb.id, quantity: 2 },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const order = bought.body.data as EsimOrder & { esims: [EsimProfile, EsimProfile] };

    const asked = await system.api('POST', `/user/esim/orders/${order.id}/send-install-mail`, {
      token: owner,
      headers: { 'idempotency-key': 'install-mail-once', 'accept-language': 'en' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);

    const [message] = (await waitFor(
      async () => {
        const found = (await mail.messages()).filter((m) => m.to.includes('installer@example.com'));
        return found.length ? found : undefined;
      },
      { what: 'the install mail', timeoutMs: 20_000 },
    ))!;
    expect(message!.subject).toBe(`Your eSIM install details (${order.order_number})`);
    for (const esim of order.esims) {
      expect(message!.text).toContain(`SM-DP+ address: ${esim.smdp_address}`);
      expect(message!.text).toContain(`Activation code: ${esim.matching_id}`);
      expect(message!.text).toContain(
        `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activation_code!)}`,
      );
    }
    expect(message!.attachments.map((a) => a.fileName).sort()).toEqual(order.esims.map((e) => `${e.iccid}.png`).sort());
    const png = message!.attachments[0]!;
    expect(png.contentType).toBe('image/png');
    expect(message!.html).toContain(`cid:${png.contentId}`);
    const bytes = Buffer.from(await (await fetch(png.url)).arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});
