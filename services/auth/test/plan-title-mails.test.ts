import { describe, expect, it } from 'vitest';
import { installMail } from '../src/mail/install-mail-templates';
import { refundMail } from '../src/mail/refund-templates';
import { usageAlertMail } from '../src/mail/usage-alert-templates';
import { receiptItem, type Receipt } from '../src/receipts/receipt-pdf';
import { rendered } from './mail-support';

/**
 * The order mails name the plan as the buyer's screens do, by where it works ("Türkiye 3 GB · 7
 * gün"), from the title the esim service sends; an event of an earlier release, without a title,
 * still names the package.
 */
const titles = { planTitleTr: 'Türkiye 3 GB · 7 gün', planTitleEn: 'Turkey 3 GB · 7 days' };
const names = { packageNameTr: 'Başlangıç', packageNameEn: 'Starter' };
const to = { email: 'gezgin@example.com', fullName: 'Gezgin' };
const base = { esimId: 'e1', iccid: '8990011234567890128', orderId: 'o1', userId: 'u1', orderNumber: 'K7Q2M9X4TZ' };

describe('mails name the plan by its country', () => {
  it('the usage and expiry mails', async () => {
    const alert = { ...base, ...names, ...titles, usedBytes: 0, totalBytes: 3 * 1024 ** 3 };
    expect(
      (
        await rendered(
          usageAlertMail({ ...alert, kind: 'usage-100', expiresAt: null, locale: 'tr' }, to, 'https://shop.test'),
        )
      ).text,
    ).toContain('Türkiye 3 GB · 7 gün paketinizin verisi bitti.');
    expect(
      (
        await rendered(
          usageAlertMail(
            { ...alert, kind: 'expiry-1d', expiresAt: '2026-12-10T09:00:00Z', locale: 'en' },
            to,
            'https://shop.test',
          ),
        )
      ).text,
    ).toContain('Your Turkey 3 GB · 7 days package expires on');
    // An event of an earlier release: the package's name.
    expect(
      (
        await rendered(
          usageAlertMail(
            { ...base, ...names, usedBytes: 0, totalBytes: 0, kind: 'usage-100', expiresAt: null, locale: 'tr' },
            to,
            'https://shop.test',
          ),
        )
      ).text,
    ).toContain('Başlangıç paketinizin verisi bitti.');
  });

  it('the install mail', async () => {
    const mail = { orderId: 'o1', userId: 'u1', orderNumber: 'K7Q2M9X4TZ', ...names, ...titles, esims: [] };
    expect((await rendered(installMail({ ...mail, locale: 'tr' }, to))).text).toContain(
      'Türkiye 3 GB · 7 gün paketinizin eSIM kurulum bilgileri aşağıdadır.',
    );
    expect((await rendered(installMail({ ...mail, locale: 'en' }, to))).text).toContain(
      'Here are the install details of your Turkey 3 GB · 7 days package.',
    );
  });

  it('the refund mail', async () => {
    const refund = { ...base, ...names, ...titles, amountCents: 999, refundedBy: 'u1', reason: null };
    expect((await rendered(refundMail({ ...refund, locale: 'tr' }, to, 'https://shop.test'))).text).toContain(
      "K7Q2M9X4TZ numaralı siparişinizdeki Türkiye 3 GB · 7 gün eSIM'i (ICCID 8990011234567890128) iade edildi",
    );
    expect((await rendered(refundMail({ ...refund, locale: 'en' }, to, 'https://shop.test'))).text).toContain(
      'The Turkey 3 GB · 7 days eSIM (ICCID 8990011234567890128)',
    );
  });

  it("the receipt's line: the title, with the package's name and code", () => {
    const receipt = { ...names, ...titles, packageCode: 'TR-7D-3GB', dataMb: 3072, validityDays: 7 } as Receipt;
    expect(receiptItem(receipt, 'tr')).toBe('Türkiye 3 GB · 7 gün (Başlangıç, TR-7D-3GB)');
    expect(receiptItem(receipt, 'en')).toBe('Turkey 3 GB · 7 days (Starter, TR-7D-3GB)');
    const earlier = { ...receipt, planTitleTr: undefined, planTitleEn: undefined };
    expect(receiptItem(earlier, 'tr')).toBe('Başlangıç (TR-7D-3GB; 3 GB · 7 gün)');
  });
});
