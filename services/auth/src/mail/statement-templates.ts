import { formatEuros, type EventPayload } from '@esim/contracts';
import { divider, lines as shortLines, link, text, type Block, type Mail } from './content';

/**
 * The mail a dealer gets when last month's statement is ready: its figures and the back-office page
 * that downloads it. The event carries no language and the back office has none on the account, so
 * the mail says it in Turkish first and English below, as the other dealer mails do.
 */
type Ready = EventPayload<'balance.statement.ready'>;

const monthName = (month: string, locale: 'tr' | 'en') =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T00:00:00Z`));

const english = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
const euros = (cents: number, locale: 'tr' | 'en') =>
  locale === 'en' ? english.format(cents / 100) : formatEuros(cents);

function lines(ready: Ready, locale: 'tr' | 'en'): { subject: string; body: string[]; see: string } {
  const month = monthName(ready.month, locale);
  const money = (cents: number) => euros(cents, locale);
  return locale === 'tr'
    ? {
        subject: 'Hesap ekstreniz hazır',
        body: [
          `${month} dönemine ait hesap ekstreniz hazır.`,
          `Açılış bakiyesi: ${money(ready.openingBalanceCents)}`,
          `Kapanış bakiyesi: ${money(ready.closingBalanceCents)}`,
          `Kullanılan kredi (borç): ${money(ready.creditUsedCents)}`,
        ],
        see: 'Ekstrenizi PDF veya Excel olarak buradan indirebilirsiniz:',
      }
    : {
        subject: 'Your statement is ready',
        body: [
          `Your account statement for ${month} is ready.`,
          `Opening balance: ${money(ready.openingBalanceCents)}`,
          `Closing balance: ${money(ready.closingBalanceCents)}`,
          `Credit used (owed): ${money(ready.creditUsedCents)}`,
        ],
        see: 'Download it as a PDF or an Excel file here:',
      };
}

export function statementReadyMail(ready: Ready, to: { email: string; fullName: string }, publicBaseUrl: string): Mail {
  const page = `${publicBaseUrl.replace(/\/$/, '')}/dashboard/statements?month=${encodeURIComponent(ready.month)}`;
  const part = (greeting: string, said: ReturnType<typeof lines>): Block[] => [
    text(greeting),
    shortLines(said.body),
    link(said.see, page),
  ];
  const tr = lines(ready, 'tr');
  const en = lines(ready, 'en');
  return {
    to: to.email,
    subject: `${tr.subject} (${monthName(ready.month, 'tr')}) / ${en.subject} (${monthName(ready.month, 'en')})`,
    locale: 'both',
    blocks: [...part(`Merhaba ${to.fullName},`, tr), divider, ...part(`Hello ${to.fullName},`, en)],
  };
}
