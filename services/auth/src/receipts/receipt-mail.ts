import { formatEuros } from '@esim/contracts';
import { link, text, type Mail } from '../mail/content';
import { installBlocks, qrAttachments } from '../mail/install-mail-templates';
import { receiptItem, receiptPdf, type Receipt } from './receipt-pdf';

const texts = {
  tr: {
    subject: (number: string) => `Siparişinizin makbuzu (${number})`,
    greeting: (name: string) => `Merhaba ${name},`,
    done: (item: string, total: string) => `${item} siparişiniz tamamlandı. Ödenen tutar: ${total}.`,
    attached:
      'Makbuzunuz ile kabul ettiğiniz ön bilgilendirme formu ve mesafeli satış sözleşmesi ekteki PDF dosyasındadır.',
    install: 'eSIM’inizin QR kodu ve kurulum adımları aşağıdadır:',
    secret: 'Bu bilgiler eSIM’inizi kurmaya yeter: kimseyle paylaşmayın.',
    link: 'eSIM QR kodunuz ve kurulum adımları sipariş sayfanızda:',
    file: (number: string) => `makbuz-${number}.pdf`,
  },
  en: {
    subject: (number: string) => `Receipt of your order (${number})`,
    greeting: (name: string) => `Hello ${name},`,
    done: (item: string, total: string) => `Your order of ${item} is complete. Amount paid: ${total}.`,
    attached:
      'Your receipt, with the pre-information form and the distance sales contract you accepted, is in the attached PDF.',
    install: 'Your eSIM’s QR code and the install steps are below:',
    secret: 'These details are enough to install your eSIM: do not share them.',
    link: 'Your eSIM QR code and the install steps are on your order page:',
    file: (number: string) => `receipt-${number}.pdf`,
  },
} as const;

/**
 * The receipt mail of a completed order, in the order's language: a short note, the PDF attached,
 * and, as the distance sales contract promises delivery by e-mail, each new eSIM's QR inline with
 * its install steps (a top-up adds data to an eSIM the buyer has: no QR).
 */
export async function receiptMail(
  receipt: Receipt,
  to: { email: string; fullName: string },
  publicBaseUrl: string,
  brand?: string,
): Promise<Mail> {
  const locale = receipt.locale;
  const t = texts[locale];
  const orderPage = `${publicBaseUrl.replace(/\/$/, '')}/order/${encodeURIComponent(receipt.orderId)}`;
  const esims = receipt.topUp ? [] : (receipt.esims ?? []);
  return {
    to: to.email,
    subject: t.subject(receipt.orderNumber),
    locale,
    blocks: [
      text(t.greeting(to.fullName)),
      text(t.done(receiptItem(receipt, locale), formatEuros(receipt.totalCents))),
      text(t.attached),
      ...(esims.length > 0 ? [text(t.install), ...installBlocks(esims, locale), text(t.secret, true)] : []),
      link(t.link, orderPage),
    ],
    attachments: [
      {
        filename: t.file(receipt.orderNumber),
        content: await receiptPdf(receipt, to, brand),
        contentType: 'application/pdf',
      },
      ...qrAttachments(esims),
    ],
  };
}
