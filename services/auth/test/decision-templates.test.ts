import { describe, expect, it } from 'vitest';
import { formatEuros } from '@esim/contracts';
import { decisionMail } from '../src/mail/decision-templates';
import { rendered } from './mail-support';

const to = { email: 'bayi@example.com', fullName: 'Deniz <Bayi>' };
const orderId = '3f2a9c1e-8f7a-4d0e-9c55-2a9f6a1c0b11';

describe("the dealer's decision mails", () => {
  it('an approved order names its number, amount and where the cards are, in Turkish then English', async () => {
    const mail = await rendered(
      decisionMail(
        { type: 'physical-sim.order.approved', payload: { orderId, userId: 'u1', amountCents: 10_000, holdId: 'h1' } },
        to,
        'https://shop.test/',
      ),
    );
    expect(mail.subject).toBe(
      'Fiziksel SIM siparişiniz onaylandı (PS-3F2A9C1E) / Your physical SIM order was approved (PS-3F2A9C1E)',
    );
    expect(mail.text.indexOf('kartlar stoğunuzda')).toBeLessThan(mail.text.indexOf('the cards are in your stock'));
    expect(mail.text).toContain(`Tutar: ${formatEuros(10_000)}.`);
    expect(mail.text).toContain('https://shop.test/dashboard/physical-sim-stock');
    expect(mail.html).toContain('Deniz &lt;Bayi&gt;');
    expect(mail.html).not.toContain('<Bayi>');
  });

  it('a rejected order gives the reason and says the held money went back, or that none was held', async () => {
    const held = await rendered(
      decisionMail(
        {
          type: 'physical-sim.order.rejected',
          payload: { orderId, userId: 'u1', amountCents: 2_000, holdId: 'h1', reason: 'Stok ayrıldı' },
        },
        to,
        'https://shop.test',
      ),
    );
    expect(held.text).toContain('Ret nedeni: Stok ayrıldı.');
    expect(held.text).toContain(`Ayrılan ${formatEuros(2_000)} bakiyenize geri döndü.`);
    expect(held.text).toContain('Reason: Stok ayrıldı.');
    const invoiced = await rendered(
      decisionMail(
        {
          type: 'physical-sim.order.rejected',
          payload: { orderId, userId: 'u1', amountCents: 2_000, holdId: null, reason: 'placing_expired' },
        },
        to,
        'https://shop.test',
      ),
    );
    expect(invoiced.text).toContain('Ret nedeni: Sipariş tamamlanamadı.');
    expect(invoiced.text).toContain('Bu sipariş için bakiyenizden tutar ayrılmamıştı.');
    expect(invoiced.text).not.toContain('geri döndü');
  });

  it('a return: approved names the refund; rejected gives the reason and says the cards stay', async () => {
    const approved = await rendered(
      decisionMail(
        {
          type: 'physical-sim.return.approved',
          payload: { returnId: 'r1', orderId: null, userId: 'u1', refundCents: 4_000 },
        },
        to,
        'https://shop.test',
      ),
    );
    expect(approved.text).toContain(`${formatEuros(4_000)} bakiyenize iade edildi.`);
    const rejected = await rendered(
      decisionMail(
        { type: 'physical-sim.return.rejected', payload: { returnId: 'r1', userId: 'u1', cardCount: 2, reason: null } },
        to,
        'https://shop.test',
      ),
    );
    expect(rejected.subject).toBe('Kart iadeniz reddedildi / Your card return was rejected');
    expect(rejected.text).toContain('2 kartlık iadeniz reddedildi. Ret nedeni: belirtilmedi.');
    expect(rejected.text).toContain('Kartlar sizde kalır');
  });
});
