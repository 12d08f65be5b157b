import { apiKeyMessages } from './api-keys';
import { webhookMessages } from './webhooks';
import { authMessages } from './auth';
import { balanceMessages } from './balance';
import { catalogMessages } from './catalog';
import { esimMessages } from './esim';
import { installMessages } from './install';
import { physicalSimMessages } from './physical-sim';
import { topUpMessages } from './top-ups';
import { invoiceMessages } from './invoices';
import { eventMessages } from './events';
import { commonMessages, fieldMessages } from './common';
import { DEFAULT_LOCALE, LOCALES, type Locale, type LocalizedText } from './types';

export * from './types';
export {
  apiKeyMessages,
  authMessages,
  balanceMessages,
  catalogMessages,
  esimMessages,
  commonMessages,
  eventMessages,
  fieldMessages,
  installMessages,
  invoiceMessages,
  physicalSimMessages,
  topUpMessages,
  webhookMessages,
};

/**
 * One catalog for every service: `code` is stable on the wire, `message` is the caller's language.
 * Each domain keeps its own file; add it here.
 */
export const messages = {
  ...commonMessages,
  ...fieldMessages,
  ...authMessages,
  ...apiKeyMessages,
  ...webhookMessages,
  ...catalogMessages,
  ...balanceMessages,
  ...esimMessages,
  ...installMessages,
  ...physicalSimMessages,
  ...topUpMessages,
  ...invoiceMessages,
  ...eventMessages,
} as const;

export type MessageCode = keyof typeof messages;

export function isMessageCode(code: string): code is MessageCode {
  return Object.prototype.hasOwnProperty.call(messages, code);
}

/** Picks tr or en from an Accept-Language header value; Turkish is the default. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { lang } of ranked) {
    if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  }
  return DEFAULT_LOCALE;
}

/** A request's stored `status` in Turkish words ("zaten onaylandı", not "zaten approved"); English shows it as stored. */
const STATUS_IN_TURKISH: Readonly<Record<string, string>> = { approved: 'onaylandı', rejected: 'reddedildi' };

/** Text of a code in a locale, with `{{name}}` placeholders filled in. Unknown codes fall back to the code itself. */
export function translate(code: string, locale: Locale, params?: Record<string, string | number>): string {
  const entry: LocalizedText | undefined = isMessageCode(code) ? messages[code] : undefined;
  const template = entry ? entry[locale] : code;
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return (name === 'status' && locale === 'tr' && STATUS_IN_TURKISH[value]) || String(value);
  });
}
