import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { publish } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../infra/src/mail-catcher';
import { installDetails, sampleReceipt } from './mail-support';
import { seededSessions, startAuth, type AuthTestApp } from './support';

/**
 * esim.order.receipt through the event bus to a real SMTP inbox: the purchase mail carries each
 * eSIM's QR inline beside the receipt PDF, as the distance sales contract promises; a top-up's none.
 */
describe('the receipt mail through the event bus', () => {
  let app: AuthTestApp;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startAuth({ SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' });
    // The demo accounts: the receipts go to the demo customer.
    await seededSessions(app);
    await app.events.start();
  });
  afterAll(async () => {
    await app?.close();
    await mail?.stop();
  });

  async function receive(orderNumber: string, receipt: ReturnType<typeof sampleReceipt>): Promise<CaughtMail> {
    const orderId = randomUUID();
    await publish(app.db, 'esim', {
      type: 'esim.order.receipt',
      aggregateId: orderId,
      payload: { ...receipt, orderId, orderNumber, userId: demoAccount('customer@esim.test').id },
    });
    let found: CaughtMail | undefined;
    await waitFor(
      async () => {
        found = (await mail.messages()).find((m) => m.subject.includes(orderNumber));
        return Boolean(found);
      },
      { what: `the receipt of ${orderNumber}` },
    );
    return found!;
  }

  it('shows the QR inline by its Content-ID, with the PDF attached, in the order language', async () => {
    const esim = installDetails('8990011234567890128');
    const message = await receive('QRMAIL0001', sampleReceipt('en', [esim]));
    expect(message.subject).toBe('Receipt of your order (QRMAIL0001)');
    const png = message.attachments.find((a) => a.contentType === 'image/png')!;
    expect(png.fileName).toBe(`${esim.iccid}.png`);
    expect(png.contentId).toBeTruthy();
    expect(message.html).toContain(`cid:${png.contentId}`);
    expect(
      Buffer.from(await (await fetch(png.url)).arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(message.attachments.some((a) => a.contentType === 'application/pdf')).toBe(true);
    expect(message.text).toContain(`Activation code: ${esim.matchingId}`);
    expect(message.text).toContain('Android (10 or later)');
  });

  it('carries no QR for a top-up', async () => {
    const message = await receive(
      'QRMAIL0002',
      sampleReceipt('tr', [installDetails('8990011234567890136')], { topUp: true }),
    );
    expect(message.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect(message.html).not.toContain('cid:');
  });
});
