import { describe, expect, it } from 'vitest';
import { usageAlertMail } from '../src/mail/usage-alert-templates';
import { rendered } from './mail-support';

const alert = {
  esimId: 'e1',
  iccid: '8990000000000000001',
  orderId: 'o1',
  userId: 'u1',
  kind: 'usage-80' as const,
  orderNumber: 'ESIM2026ABCDEF',
  packageNameTr: 'Avrupa 15 Gün',
  packageNameEn: 'Europe 15 Days',
  usedBytes: 4_300_000_000,
  totalBytes: 5 * 1024 ** 3,
  expiresAt: null,
};
const to = { email: 'can@example.com', fullName: 'Can' };

describe('the 80 % usage mail', () => {
  it('names the data with the shared byte formatter in the order’s language', async () => {
    expect((await rendered(usageAlertMail({ ...alert, locale: 'tr' }, to, 'https://shop.test'))).text).toContain(
      'Avrupa 15 Gün paketinizin 4 GB / 5 GB verisini kullandınız.',
    );
    expect(
      (await rendered(usageAlertMail({ ...alert, locale: 'en', usedBytes: 900 * 1024 ** 2 }, to, 'https://shop.test')))
        .text,
    ).toContain('You have used 900 MB of the 5 GB in your Europe 15 Days package.');
  });
});
