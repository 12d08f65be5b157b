import { describe, expect, it } from 'vitest';
import { formatEuros } from '@esim/contracts';
import { refundMail } from '../src/mail/refund-templates';
import { rendered } from './mail-support';

const refunded = {
  orderId: '0c4c2a4e-8f7a-4d0e-9c55-2a9f6a1c0b11',
  userId: 'u1',
  esimId: 'e1',
  iccid: '8990011234567890128',
  amountCents: 1499,
  refundedBy: 'u1',
  reason: null,
  orderNumber: 'K7Q2M9X4TZ',
  packageNameTr: 'ABD Başlangıç',
  packageNameEn: 'USA Starter',
  toCardCents: 1199,
  toBalanceCents: 300,
};
const to = { email: 'iade@example.com', fullName: 'İade Gezgin' };

describe('the refund mail', () => {
  it('says where each part went, in the order’s language, with the order’s link', async () => {
    const tr = await rendered(refundMail({ ...refunded, locale: 'tr' }, to, 'https://shop.test/'));
    expect(tr.subject).toBe('eSIM iadeniz tamamlandı (K7Q2M9X4TZ)');
    expect(tr.text).toContain(`${formatEuros(1199)} ödemeyi yaptığınız karta iade edildi; bankanıza göre 5-10 iş günü`);
    expect(tr.text).toContain(`${formatEuros(300)} bakiyenize eklendi`);
    expect(tr.text).toContain('Bu eSIM artık kullanılamaz.');
    expect(tr.text).toContain('https://shop.test/order/0c4c2a4e-8f7a-4d0e-9c55-2a9f6a1c0b11');
    const en = await rendered(refundMail({ ...refunded, locale: 'en' }, to, 'https://shop.test'));
    expect(en.subject).toBe('Your eSIM refund is complete (K7Q2M9X4TZ)');
    expect(en.text).toContain(`${formatEuros(1199)} went back to the card you paid with`);
  });

  it('names only the balance when the card paid nothing, and escapes what it prints in HTML', async () => {
    const mail = await rendered(
      refundMail(
        { ...refunded, locale: 'en', toCardCents: 0, toBalanceCents: 1499, packageNameEn: 'A <b>plan</b>' },
        { ...to, fullName: 'Ada <script>' },
        'https://shop.test',
      ),
    );
    expect(mail.text).not.toContain('card');
    expect(mail.text).toContain(`${formatEuros(1499)} was added to your balance`);
    expect(mail.html).toContain('A &lt;b&gt;plan&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
