import { translate, type EventPayload, type Locale } from '@esim/contracts';
import { link, text, type Mail } from './content';

/** The mail of an order its supplier did not deliver in time: nothing was charged, in the order's language. */
type Failed = EventPayload<'esim.order.failed'>;

const texts = {
  tr: {
    subject: (number: string) => `Siparişiniz teslim edilemedi (${number})`,
    greeting: (name: string) => `Merhaba ${name},`,
    again: 'Paketlere göz atıp yeniden sipariş verebilirsiniz:',
  },
  en: {
    subject: (number: string) => `Your order could not be delivered (${number})`,
    greeting: (name: string) => `Hello ${name},`,
    again: 'You can look at the packages and order again:',
  },
} as const;

export function orderFailedMail(
  failed: Failed & { orderNumber: string },
  to: { email: string; fullName: string },
  publicBaseUrl: string,
): Mail {
  const locale: Locale = failed.locale ?? 'tr';
  const t = texts[locale];
  const why = translate(failed.reason, locale);
  const packages = `${publicBaseUrl.replace(/\/$/, '')}/packages`;
  return {
    to: to.email,
    subject: t.subject(failed.orderNumber),
    locale,
    blocks: [text(t.greeting(to.fullName)), text(why), link(t.again, packages)],
  };
}
