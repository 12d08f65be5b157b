import { formatEuros, REFUND_POLICY, type EventPayload, type Locale } from '@esim/contracts';
import { link, text, type Mail } from './content';
import { planName } from './plan-name';

/** The mail that tells a buyer their eSIM was refunded and where each part of the money went, in the order's language. */
type Refunded = EventPayload<'esim.order.refunded'>;

const { min, max } = REFUND_POLICY.refundBusinessDays;

const texts = {
  tr: {
    subject: (r: Refunded) => `eSIM iadeniz tamamlandı (${r.orderNumber})`,
    greeting: (name: string) => `Merhaba ${name},`,
    done: (r: Refunded) =>
      `${r.orderNumber} numaralı siparişinizdeki ${planName(r, 'tr')} eSIM'i (ICCID ${r.iccid}) iade edildi: ${formatEuros(r.amountCents)}. Bu eSIM artık kullanılamaz.`,
    card: (cents: number) =>
      `${formatEuros(cents)} ödemeyi yaptığınız karta iade edildi; bankanıza göre ${min}-${max} iş günü içinde hesabınıza yansır.`,
    balance: (cents: number) => `${formatEuros(cents)} bakiyenize eklendi; hemen kullanabilirsiniz.`,
    orders: 'Siparişlerinizi buradan görebilirsiniz:',
  },
  en: {
    subject: (r: Refunded) => `Your eSIM refund is complete (${r.orderNumber})`,
    greeting: (name: string) => `Hello ${name},`,
    done: (r: Refunded) =>
      `The ${planName(r, 'en')} eSIM (ICCID ${r.iccid}) of your order ${r.orderNumber} was refunded: ${formatEuros(r.amountCents)}. This eSIM can no longer be used.`,
    card: (cents: number) =>
      `${formatEuros(cents)} went back to the card you paid with; depending on your bank it arrives within ${min}-${max} business days.`,
    balance: (cents: number) => `${formatEuros(cents)} was added to your balance, ready to use now.`,
    orders: 'See your orders here:',
  },
} as const;

export function refundMail(refund: Refunded, to: { email: string; fullName: string }, publicBaseUrl: string): Mail {
  const locale: Locale = refund.locale ?? 'tr';
  const t = texts[locale];
  const orderPage = `${publicBaseUrl.replace(/\/$/, '')}/order/${encodeURIComponent(refund.orderId)}`;
  const toCard = refund.toCardCents ?? 0;
  const toBalance = refund.toBalanceCents ?? refund.amountCents - toCard;
  const lines = [
    t.done(refund),
    ...(toCard > 0 ? [t.card(toCard)] : []),
    ...(toBalance > 0 ? [t.balance(toBalance)] : []),
  ];
  return {
    to: to.email,
    subject: t.subject(refund),
    locale,
    blocks: [text(t.greeting(to.fullName)), ...lines.map((line) => text(line)), link(t.orders, orderPage)],
  };
}
