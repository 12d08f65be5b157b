import { formatBytes, type EventPayload, type Locale } from '@esim/contracts';
import { link, text, type Mail } from './content';
import { planName } from './plan-name';

/**
 * The eSIM usage mails (80 % used, all used, expiring in a day), in the language the order was placed
 * in. A 50 % alert has no mail (it is a partner's webhook only), so it is not an alert this mails.
 */
export type MailedUsageAlert = EventPayload<'esim.profile.usage-alert'> & {
  kind: Exclude<EventPayload<'esim.profile.usage-alert'>['kind'], 'usage-50'>;
};
type Alert = MailedUsageAlert;

const date = (iso: string | null, locale: Locale) =>
  iso
    ? new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'Europe/Istanbul',
      }).format(new Date(iso))
    : '';

const texts = {
  tr: {
    'usage-80': {
      subject: (a: Alert) => `eSIM verinizin %80'i kullanıldı (${a.orderNumber})`,
      body: (a: Alert, l: Locale) =>
        `${planName(a, 'tr')} paketinizin ${formatBytes(a.usedBytes, l)} / ${formatBytes(a.totalBytes ?? 0, l)} verisini kullandınız.`,
    },
    'usage-100': {
      subject: (a: Alert) => `eSIM verinizin tamamı kullanıldı (${a.orderNumber})`,
      body: (a: Alert) =>
        `${planName(a, 'tr')} paketinizin verisi bitti. Yeni bir paket satın alarak bağlı kalabilirsiniz.`,
    },
    'expiry-1d': {
      subject: (a: Alert) => `eSIM paketinizin süresi yarın doluyor (${a.orderNumber})`,
      body: (a: Alert, l: Locale) =>
        `${planName(a, 'tr')} paketinizin süresi ${date(a.expiresAt, l)} tarihinde doluyor.`,
    },
    greeting: (name: string) => `Merhaba ${name},`,
    check: 'Kalan verinizi sipariş numaranızla buradan sorgulayabilirsiniz:',
  },
  en: {
    'usage-80': {
      subject: (a: Alert) => `80% of your eSIM data is used (${a.orderNumber})`,
      body: (a: Alert, l: Locale) =>
        `You have used ${formatBytes(a.usedBytes, l)} of the ${formatBytes(a.totalBytes ?? 0, l)} in your ${planName(a, 'en')} package.`,
    },
    'usage-100': {
      subject: (a: Alert) => `All of your eSIM data is used (${a.orderNumber})`,
      body: (a: Alert) =>
        `The data of your ${planName(a, 'en')} package is used up. Buy a new package to stay connected.`,
    },
    'expiry-1d': {
      subject: (a: Alert) => `Your eSIM package expires tomorrow (${a.orderNumber})`,
      body: (a: Alert, l: Locale) => `Your ${planName(a, 'en')} package expires on ${date(a.expiresAt, l)}.`,
    },
    greeting: (name: string) => `Hello ${name},`,
    check: 'Check your remaining data with your order number here:',
  },
} as const;

export function usageAlertMail(alert: Alert, to: { email: string; fullName: string }, publicBaseUrl: string): Mail {
  const locale = alert.locale;
  const t = texts[locale];
  const balancePage = `${publicBaseUrl.replace(/\/$/, '')}/balance?number=${encodeURIComponent(alert.orderNumber)}`;
  const body = t[alert.kind].body(alert, locale);
  return {
    to: to.email,
    subject: t[alert.kind].subject(alert),
    locale,
    blocks: [text(t.greeting(to.fullName)), text(body), link(t.check, balancePage)],
  };
}
