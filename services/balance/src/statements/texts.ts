import type { Locale, StatementGroup } from '@esim/contracts';

/** The words of a statement document, in the reader's language. */
export const STATEMENT_TEXTS = {
  tr: {
    title: 'Hesap Ekstresi',
    seller: 'Satıcı',
    dealer: 'Bayi',
    period: 'Dönem',
    opening: 'Açılış bakiyesi',
    closing: 'Kapanış bakiyesi',
    creditDrawn: 'Veresiye yüklenen bakiye',
    balance: 'Kapanışta bakiye',
    creditUsed: 'Kullanılan kredi (borç)',
    creditLimit: 'Kredi limiti',
    summary: 'Özet',
    transactions: 'Hareketler',
    date: 'Tarih',
    type: 'İşlem',
    reference: 'Referans',
    amount: 'Tutar',
    running: 'Bakiye',
    none: 'Bu dönemde hareket yok.',
    note: 'Bakiye: harcanabilir bakiyeniz eksi borcunuz. Tarihler İstanbul saatidir. Tutarlar avro (€) cinsindendir.',
    page: (n: number, of: number) => `Sayfa ${n} / ${of}`,
    sheetSummary: 'Özet',
    sheetTransactions: 'Hareketler',
    file: 'hesap-ekstresi',
  },
  en: {
    title: 'Account statement',
    seller: 'Seller',
    dealer: 'Dealer',
    period: 'Period',
    opening: 'Opening balance',
    closing: 'Closing balance',
    creditDrawn: 'Balance loaded on credit',
    balance: 'Balance at the close',
    creditUsed: 'Credit used (owed)',
    creditLimit: 'Credit limit',
    summary: 'Summary',
    transactions: 'Transactions',
    date: 'Date',
    type: 'Type',
    reference: 'Reference',
    amount: 'Amount',
    running: 'Balance',
    none: 'No movements in this period.',
    note: 'Balance: your spendable balance less what you owe. Times are Istanbul time. Amounts are in euros (€).',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    sheetSummary: 'Summary',
    sheetTransactions: 'Transactions',
    file: 'statement',
  },
} as const;

export const GROUP_LABELS: Record<StatementGroup, { tr: string; en: string }> = {
  purchases_esim: { tr: 'eSIM satın almaları', en: 'eSIM purchases' },
  purchases_plus: { tr: 'Plus (fiziksel SIM) satın almaları', en: 'Plus (physical SIM) purchases' },
  loads: { tr: 'Bakiye yüklemeleri', en: 'Balance loads' },
  collections: { tr: 'Tahsilatlar', en: 'Collections' },
  refunds: { tr: 'İadeler', en: 'Returns and refunds' },
  other: { tr: 'Diğer', en: 'Other' },
};

/** "Kasım 2026" / "November 2026". */
export const monthName = (month: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T00:00:00Z`));

const wallClock = {
  tr: new Intl.DateTimeFormat('tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
};

/** A moment as Istanbul wall-clock time: 05.11.2026 14:30 (05/11/2026, 14:30 in English). */
export const istanbulDateTime = (iso: string, locale: Locale) => wallClock[locale].format(new Date(iso));
