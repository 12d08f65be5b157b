import { describe, expect, it } from 'vitest';
import { signWebhookBody } from '../../../services/auth/src/webhooks/signature';
import { signWebhookPayload, verifyWebhookSignature, webhookSignatureHeader } from '../src/index';

const secret = 'whsec_old_0123456789';
const rotated = 'whsec_new_9876543210';
const body = JSON.stringify({ type: 'esim.order.completed', version: 1, id: 'evt_1', data: { order_id: 'o1' } });
const t = 1_780_000_000;

describe('verifyWebhookSignature', () => {
  it('accepts a delivery signed with the secret, within the tolerance', () => {
    const header = `t=${t},v1=${signWebhookPayload(secret, t, body)}`;
    expect(verifyWebhookSignature({ header, body, secrets: secret, now: (t + 299) * 1000 })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(verifyWebhookSignature({ header, body: Buffer.from(body), secrets: [secret], now: t * 1000 }).ok).toBe(true);
  });

  it('refuses a tampered body and a wrong secret', () => {
    const header = webhookSignatureHeader(secret, t, body);
    const tampered = body.replace('o1', 'o2');
    expect(verifyWebhookSignature({ header, body: tampered, secrets: secret, now: t * 1000 })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(verifyWebhookSignature({ header, body, secrets: 'whsec_other', now: t * 1000 }).ok).toBe(false);
  });

  it('refuses a t older than the tolerance, and one far in the future', () => {
    const header = webhookSignatureHeader(secret, t, body);
    expect(verifyWebhookSignature({ header, body, secrets: secret, now: (t + 301) * 1000 })).toEqual({
      ok: false,
      reason: 'timestamp_too_old',
    });
    expect(
      verifyWebhookSignature({ header, body, secrets: secret, now: (t + 61) * 1000, toleranceSeconds: 60 }).ok,
    ).toBe(false);
    expect(verifyWebhookSignature({ header, body, secrets: secret, now: new Date((t - 3600) * 1000) })).toEqual({
      ok: false,
      reason: 'timestamp_in_future',
    });
  });

  it('accepts either v1 during a rotation, whichever secret the receiver holds', () => {
    const header = webhookSignatureHeader([secret, rotated], t, body);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhookSignature({ header, body, secrets: rotated, now: t * 1000 }).ok).toBe(true);
    expect(verifyWebhookSignature({ header, body, secrets: secret, now: t * 1000 }).ok).toBe(true);
    expect(verifyWebhookSignature({ header, body, secrets: ['whsec_x', rotated], now: t * 1000 }).ok).toBe(true);
    const onlyNew = webhookSignatureHeader(rotated, t, body);
    expect(verifyWebhookSignature({ header: onlyNew, body, secrets: [secret, rotated], now: t * 1000 }).ok).toBe(true);
  });

  it("accepts what the shop's webhook sender signs, with either secret during a rotation", () => {
    const header = signWebhookBody([rotated, secret], t, body);
    expect(verifyWebhookSignature({ header, body, secrets: secret, now: t * 1000 })).toEqual({
      ok: true,
      timestamp: t,
    });
    expect(verifyWebhookSignature({ header, body, secrets: rotated, now: t * 1000 }).ok).toBe(true);
    expect(verifyWebhookSignature({ header, body: `${body} `, secrets: rotated, now: t * 1000 }).ok).toBe(false);
  });

  it('refuses a malformed header', () => {
    const good = signWebhookPayload(secret, t, body);
    for (const header of [
      undefined,
      '',
      'garbage',
      `v1=${good}`,
      `t=${t}`,
      `t=abc,v1=${good}`,
      `t=${t},v1=zz${good.slice(2)}`,
      `t=${t},v1=${good.slice(0, 10)}`,
      `t=${t},t=${t},v1=${good}`,
    ]) {
      expect(verifyWebhookSignature({ header, body, secrets: secret, now: t * 1000 })).toEqual({
        ok: false,
        reason: 'malformed_header',
      });
    }
  });
});
