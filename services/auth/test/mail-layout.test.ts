import { describe, expect, it } from 'vitest';
import type { Locale } from '@esim/contracts';
import type { Mail } from '../src/mail/content';
import { decisionMail } from '../src/mail/decision-templates';
import { installMail } from '../src/mail/install-mail-templates';
import { orderFailedMail } from '../src/mail/order-failed-templates';
import { refundMail } from '../src/mail/refund-templates';
import { statementReadyMail } from '../src/mail/statement-templates';
import { invitationMail, loginLockoutMail, passwordResetMail } from '../src/mail/templates';
import { usageAlertMail } from '../src/mail/usage-alert-templates';
import { receiptMail } from '../src/receipts/receipt-mail';
import { installDetails, PNG_1X1, rendered, sampleReceipt, TEST_BRAND } from './mail-support';

/**
 * Every mail goes out in the one branded layout: the brand's name and colour, a plain-text part
 * made from the same content, the support contacts and legal entity below, in each language.
 */
const to = { email: 'gezgin@example.com', fullName: 'Gezgin Yolcu' };
const base = 'https://shop.test';
const order = {
  orderId: 'o1',
  userId: 'u1',
  orderNumber: 'K7Q2M9X4TZ',
  packageNameTr: 'Başlangıç',
  packageNameEn: 'Starter',
};
const profile = { esimId: 'e1', iccid: '8990011234567890128', ...order };
const link = { to: to.email, fullName: to.fullName, link: `${base}/reset-password?token=abc` };

function mailsIn(locale: Locale): Array<[string, Mail | Promise<Mail>]> {
  const alert = { ...profile, usedBytes: 4 * 1024 ** 3, totalBytes: 5 * 1024 ** 3, expiresAt: null, locale };
  return [
    ['password reset', passwordResetMail(locale, link, 30)],
    ['invitation', invitationMail(locale, link, 72)],
    ['login lockout', loginLockoutMail(locale, link, 5)],
    ['install', installMail({ ...order, locale, esims: [installDetails('8990011234567890128')] }, to)],
    [
      'order failed',
      orderFailedMail(
        { ...order, amountCents: 1299, holdId: null, reason: 'supplier_delivery_timeout', locale },
        to,
        base,
      ),
    ],
    ['refund', refundMail({ ...profile, amountCents: 1299, refundedBy: 'u1', reason: null, locale }, to, base)],
    ['usage 80 %', usageAlertMail({ ...alert, kind: 'usage-80' }, to, base)],
    ['usage 100 %', usageAlertMail({ ...alert, kind: 'usage-100' }, to, base)],
    ['expiry', usageAlertMail({ ...alert, kind: 'expiry-1d', expiresAt: '2026-12-10T09:00:00Z' }, to, base)],
    ['receipt', receiptMail(sampleReceipt(locale, [installDetails('8990011234567890128')]), to, base)],
  ];
}

const dealerMails: Array<[string, Mail]> = [
  [
    'physical-SIM order approved',
    decisionMail(
      { type: 'physical-sim.order.approved', payload: { orderId: 'o1', userId: 'u1', amountCents: 100, holdId: null } },
      to,
      base,
    ),
  ],
  [
    'card return rejected',
    decisionMail(
      { type: 'physical-sim.return.rejected', payload: { returnId: 'r1', userId: 'u1', cardCount: 2, reason: null } },
      to,
      base,
    ),
  ],
  [
    'statement ready',
    statementReadyMail(
      { dealerId: 'd1', month: '2026-11', openingBalanceCents: 0, closingBalanceCents: 100, creditUsedCents: 0 },
      to,
      base,
    ),
  ],
];

function expectBranded(mail: { html: string; text: string }) {
  expect(mail.html).toContain(TEST_BRAND.name);
  expect(mail.html).toContain(TEST_BRAND.primary_color);
  expect(mail.html).toContain(`mailto:${TEST_BRAND.support_email}`);
  expect(mail.html).toContain(TEST_BRAND.legal_name);
  expect(mail.text.trim()).not.toBe('');
  expect(mail.text).toContain(`— ${TEST_BRAND.name}`);
  expect(mail.text).toContain(TEST_BRAND.support_phone);
  // The text part is the reader's, not the markup's.
  expect(mail.text).not.toMatch(/<[a-z]/i);
}

describe('the branded mail layout', () => {
  for (const locale of ['tr', 'en'] as const) {
    it(`draws every buyer and account mail under the brand, with a text part, in ${locale}`, async () => {
      for (const [name, mail] of mailsIn(locale)) {
        const out = await rendered(mail);
        expect(out.html, name).toContain(`lang="${locale}"`);
        expectBranded(out);
        expect(out.text, name).toContain(locale === 'tr' ? 'Merhaba Gezgin Yolcu,' : 'Hello Gezgin Yolcu,');
        expect(out.text, name).toContain(locale === 'tr' ? 'Destek: ' : 'Support: ');
      }
    });
  }

  it('draws the dealer mails, Turkish then English, with the footer in both', async () => {
    for (const [name, mail] of dealerMails) {
      const out = await rendered(mail);
      expectBranded(out);
      expect(out.text.indexOf('Merhaba Gezgin Yolcu,'), name).toBeLessThan(out.text.indexOf('Hello Gezgin Yolcu,'));
      expect(out.text, name).toContain('Destek / Support: ');
    }
  });

  it('puts a PNG logo inline and leaves an SVG one out', async () => {
    const png = await rendered(passwordResetMail('tr', link, 30), {
      ...TEST_BRAND,
      logo_url: `data:image/png;base64,${PNG_1X1}`,
    });
    const logo = png.attachments?.find((a) => a.cid === 'brand-logo@esim');
    expect(logo?.contentType).toBe('image/png');
    expect(png.html).toContain('src="cid:brand-logo@esim"');
    const svg = await rendered(passwordResetMail('tr', link, 30), {
      ...TEST_BRAND,
      logo_url: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    expect(svg.attachments ?? []).toEqual([]);
    expect(svg.html).not.toContain('cid:brand-logo');
  });
});

describe('the receipt mail', () => {
  const esims = [installDetails('8990011234567890128'), installDetails('8990011234567890136')];

  for (const locale of ['tr', 'en'] as const) {
    it(`carries each eSIM's QR inline and the iPhone and Android install steps, in ${locale}`, async () => {
      const mail = await rendered(receiptMail(sampleReceipt(locale, esims), to, base));
      const qrs = mail.attachments!.filter((a) => a.contentType === 'image/png');
      expect(qrs.map((a) => a.filename)).toEqual(esims.map((e) => `${e.iccid}.png`));
      for (const qr of qrs) {
        expect(qr.cid).toBeTruthy();
        expect(mail.html).toContain(`src="cid:${qr.cid}"`);
        expect(qr.content.subarray(1, 4).toString()).toBe('PNG');
      }
      expect(mail.attachments!.filter((a) => a.contentType === 'application/pdf')).toHaveLength(1);
      for (const esim of esims) {
        expect(mail.text).toContain(esim.iosInstallUrl);
        expect(mail.text).toContain(esim.activationCode);
      }
      expect(mail.text).toContain(locale === 'tr' ? 'iPhone (iOS 17.4 ve üzeri)' : 'iPhone (iOS 17.4 or later)');
      expect(mail.text).toContain(locale === 'tr' ? 'Android (10 ve üzeri)' : 'Android (10 or later)');
    });
  }

  it('carries no QR for a top-up, nor for an event of an earlier release without install details', async () => {
    for (const receipt of [
      sampleReceipt('tr', esims, { topUp: true }),
      { ...sampleReceipt('tr', []), esims: undefined },
    ]) {
      const mail = await rendered(receiptMail(receipt, to, base));
      expect(mail.attachments!.map((a) => a.contentType)).toEqual(['application/pdf']);
      expect(mail.html).not.toContain('cid:');
      expect(mail.text).toContain('eSIM QR kodunuz ve kurulum adımları sipariş sayfanızda:');
    }
  });
});
