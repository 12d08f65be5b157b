import { formatEuros, physicalOrderNumber, type EventPayload } from '@esim/contracts';
import { divider, link, text, type Block, type Mail } from './content';

/**
 * The mails a dealer gets on each admin decision about their physical-SIM orders and card returns.
 * The events carry no language and the back office has none on the account, so each mail says it in
 * Turkish first and English below, as the back office does.
 */
type Decision =
  | { type: 'physical-sim.order.approved'; payload: EventPayload<'physical-sim.order.approved'> }
  | { type: 'physical-sim.order.rejected'; payload: EventPayload<'physical-sim.order.rejected'> }
  | { type: 'physical-sim.return.approved'; payload: EventPayload<'physical-sim.return.approved'> }
  | { type: 'physical-sim.return.rejected'; payload: EventPayload<'physical-sim.return.rejected'> };

/** The order number the back office shows for a physical-SIM order. */

/** Reasons the service gives itself, in words (an admin's reason is the admin's own text). */
const SERVICE_REASONS: Record<string, { tr: string; en: string }> = {
  placing_expired: {
    tr: 'Sipariş tamamlanamadı',
    en: 'The order could not be completed',
  },
};

interface Said {
  subject: string;
  lines: string[];
  page: string;
}

function said(decision: Decision): { tr: Said; en: Said } {
  const reasonOf = (reason: string | null, locale: 'tr' | 'en') =>
    reason ? (SERVICE_REASONS[reason]?.[locale] ?? reason) : locale === 'tr' ? 'belirtilmedi' : 'not given';
  switch (decision.type) {
    case 'physical-sim.order.approved': {
      const { orderId, amountCents } = decision.payload;
      const number = physicalOrderNumber(orderId);
      return {
        tr: {
          subject: `Fiziksel SIM siparişiniz onaylandı (${number})`,
          lines: [
            `${number} numaralı siparişiniz onaylandı; kartlar stoğunuzda.`,
            `Tutar: ${formatEuros(amountCents)}.`,
          ],
          page: '/physical-sim-stock',
        },
        en: {
          subject: `Your physical SIM order was approved (${number})`,
          lines: [
            `Your order ${number} was approved; the cards are in your stock.`,
            `Amount: ${formatEuros(amountCents)}.`,
          ],
          page: '/physical-sim-stock',
        },
      };
    }
    case 'physical-sim.order.rejected': {
      const { orderId, amountCents, holdId, reason } = decision.payload;
      const number = physicalOrderNumber(orderId);
      return {
        tr: {
          subject: `Fiziksel SIM siparişiniz reddedildi (${number})`,
          lines: [
            `${number} numaralı siparişiniz reddedildi. Ret nedeni: ${reasonOf(reason, 'tr')}.`,
            holdId
              ? `Ayrılan ${formatEuros(amountCents)} bakiyenize geri döndü.`
              : 'Bu sipariş için bakiyenizden tutar ayrılmamıştı.',
          ],
          page: '/physical-sim-purchase',
        },
        en: {
          subject: `Your physical SIM order was rejected (${number})`,
          lines: [
            `Your order ${number} was rejected. Reason: ${reasonOf(reason, 'en')}.`,
            holdId
              ? `The ${formatEuros(amountCents)} held went back to your balance.`
              : 'Nothing was held on your balance for this order.',
          ],
          page: '/physical-sim-purchase',
        },
      };
    }
    case 'physical-sim.return.approved': {
      const { refundCents } = decision.payload;
      return {
        tr: {
          subject: 'Kart iadeniz onaylandı',
          lines: [
            'Kart iadeniz onaylandı; kartlar yönetici stoğuna döndü.',
            `${formatEuros(refundCents)} bakiyenize iade edildi.`,
          ],
          page: '/physical-sim-return',
        },
        en: {
          subject: 'Your card return was approved',
          lines: [
            'Your card return was approved; the cards went back to the admin stock.',
            `${formatEuros(refundCents)} was refunded to your balance.`,
          ],
          page: '/physical-sim-return',
        },
      };
    }
    case 'physical-sim.return.rejected': {
      const { cardCount, reason } = decision.payload;
      return {
        tr: {
          subject: 'Kart iadeniz reddedildi',
          lines: [
            `${cardCount} kartlık iadeniz reddedildi. Ret nedeni: ${reasonOf(reason, 'tr')}.`,
            'Kartlar sizde kalır; bakiyenizde bir değişiklik olmadı.',
          ],
          page: '/physical-sim-return',
        },
        en: {
          subject: 'Your card return was rejected',
          lines: [
            `Your return of ${cardCount} card(s) was rejected. Reason: ${reasonOf(reason, 'en')}.`,
            'The cards stay with you; your balance did not change.',
          ],
          page: '/physical-sim-return',
        },
      };
    }
  }
}

export function decisionMail(decision: Decision, to: { email: string; fullName: string }, publicBaseUrl: string): Mail {
  const { tr, en } = said(decision);
  const page = `${publicBaseUrl.replace(/\/$/, '')}/dashboard${tr.page}`;
  const part = (greeting: string, s: Said, see: string): Block[] => [
    text(greeting),
    ...s.lines.map((line) => text(line)),
    link(see, page),
  ];
  return {
    to: to.email,
    subject: `${tr.subject} / ${en.subject}`,
    locale: 'both',
    blocks: [
      ...part(`Merhaba ${to.fullName},`, tr, 'Ayrıntılar:'),
      divider,
      ...part(`Hello ${to.fullName},`, en, 'Details:'),
    ],
  };
}
