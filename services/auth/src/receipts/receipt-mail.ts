import { formatEuros } from '@esim/contracts';
import type { OutgoingMail } from '../mail/mailer';
import { receiptItem, receiptPdf, type Receipt } from './receipt-pdf';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const texts = {
  tr: {
    subject: (number: string) => `Siparişinizin makbuzu (${number})`,
    greeting: (name: string) => `Merhaba ${name},`,
    done: (item: string, total: string) => `${item} siparişiniz tamamlandı. Ödenen tutar: ${total}.`,
    attached:
      'Makbuzunuz ile kabul ettiğiniz ön bilgilendirme formu ve mesafeli satış sözleşmesi ekteki PDF dosyasındadır.',
    link: 'eSIM QR kodunuz ve kurulum adımları sipariş sayfanızda:',
    file: (number: string) => `makbuz-${number}.pdf`,
  },
  en: {
    subject: (number: string) => `Receipt of your order (${number})`,
    greeting: (name: string) => `Hello ${name},`,
    done: (item: string, total: string) => `Your order of ${item} is complete. Amount paid: ${total}.`,
    attached:
      'Your receipt, with the pre-information form and the distance sales contract you accepted, is in the attached PDF.',
    link: 'Your eSIM QR code and the install steps are on your order page:',
    file: (number: string) => `receipt-${number}.pdf`,
  },
} as const;

/** The receipt mail of a completed order: a short note in the order's language, the PDF attached. */
export async function receiptMail(
  receipt: Receipt,
  to: { email: string; fullName: string },
  publicBaseUrl: string,
  brand?: string,
): Promise<OutgoingMail> {
  const t = texts[receipt.locale];
  const link = `${publicBaseUrl.replace(/\/$/, '')}/order/${encodeURIComponent(receipt.orderId)}`;
  const lines = [
    t.greeting(to.fullName),
    t.done(receiptItem(receipt, receipt.locale), formatEuros(receipt.totalCents)),
    t.attached,
  ];
  return {
    to: to.email,
    subject: t.subject(receipt.orderNumber),
    text: [...lines.flatMap((line) => [line, '']), t.link, link].join('\n'),
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p>${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    attachments: [
      {
        filename: t.file(receipt.orderNumber),
        content: await receiptPdf(receipt, to, brand),
        contentType: 'application/pdf',
      },
    ],
  };
}
