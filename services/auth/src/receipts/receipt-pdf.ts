import { formatEuros, sellerLine, type EventPayload, type Locale } from '@esim/contracts';
import { startPdf } from '@esim/platform';

export type Receipt = EventPayload<'esim.order.receipt'>;

const texts = {
  tr: {
    title: 'Sipariş Makbuzu',
    seller: 'Satıcı',
    buyer: 'Alıcı',
    order: 'Sipariş no',
    date: 'Tarih',
    item: 'Hizmet',
    quantity: 'Adet',
    unit: 'Birim fiyat',
    total: 'Tutar',
    grandTotal: 'Toplam (vergiler dahil)',
    fromBalance: 'Ön ödemeli bakiyeden',
    byCard: 'Kartla (3-D Secure)',
    cardReference: 'Kart ödemesi referansı',
    unlimited: 'Sınırsız veri',
    days: (n: number) => `${n} gün`,
    notInvoice: 'Bu belge ödemenizin makbuzudur, fatura yerine geçmez.',
    documents: (version: string) => `Kabul ettiğiniz belgeler (sürüm ${version})`,
    page: (n: number, of: number) => `Sayfa ${n} / ${of}`,
  },
  en: {
    title: 'Order receipt',
    seller: 'Seller',
    buyer: 'Buyer',
    order: 'Order no',
    date: 'Date',
    item: 'Service',
    quantity: 'Qty',
    unit: 'Unit price',
    total: 'Amount',
    grandTotal: 'Total (taxes included)',
    fromBalance: 'From the prepaid balance',
    byCard: 'By card (3-D Secure)',
    cardReference: 'Card payment reference',
    unlimited: 'Unlimited data',
    days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
    notInvoice: 'This document is the receipt of your payment; it is not an invoice.',
    documents: (version: string) => `The documents you accepted (version ${version})`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

const dateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
    timeZone: 'Europe/Istanbul',
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));

function dataOf(receipt: Receipt, locale: Locale): string {
  if (receipt.dataMb === null) return texts[locale].unlimited;
  const number = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'tr-TR', { maximumFractionDigits: 2 });
  return receipt.dataMb >= 1024 ? `${number.format(receipt.dataMb / 1024)} GB` : `${number.format(receipt.dataMb)} MB`;
}

/**
 * The package as the receipt's line names it: the plan's title with the package's name and code, or
 * (a receipt of an earlier release, without a title) its name, code, data and days.
 */
export function receiptItem(receipt: Receipt, locale: Locale): string {
  const name = locale === 'en' ? receipt.packageNameEn : receipt.packageNameTr;
  const title = locale === 'en' ? receipt.planTitleEn : receipt.planTitleTr;
  if (title) return `${title} (${name}, ${receipt.packageCode})`;
  return `${name} (${receipt.packageCode}; ${dataOf(receipt, locale)} · ${texts[locale].days(receipt.validityDays)})`;
}

/**
 * The receipt of an eSIM order as a PDF, in the order's language: the seller and the buyer, the
 * order, the package line, the total and what the balance and the card paid of it, then the
 * pre-information form and the distance sales contract exactly as the buyer accepted them.
 */
export function receiptPdf(
  receipt: Receipt,
  buyer: { fullName: string; email: string },
  brand?: string,
): Promise<Buffer> {
  const locale = receipt.locale;
  const t = texts[locale];
  const { doc, left, width, done, field, table, sum, footers } = startPdf(
    { Title: `${t.title} ${receipt.orderNumber}`, Author: receipt.seller.name, Subject: receipt.orderNumber },
    { margin: 50, bufferPages: true },
  );

  // The shop's brand over the title, as its identity names it when the receipt is made.
  if (brand) doc.font('bold').fontSize(12).text(brand);
  doc.font('bold').fontSize(18).text(t.title);
  doc.moveDown(0.5);
  field(t.seller, sellerLine(receipt.seller, locale));
  field(t.buyer, `${buyer.fullName}, ${buyer.email}`);
  field(t.order, receipt.orderNumber);
  field(t.date, dateTime(receipt.completedAt, locale));
  doc.moveDown(1);

  // The line: what was bought, how many, at what price.
  const lines = table(
    [
      { label: t.item, width: width - 210, align: 'left' },
      { label: t.quantity, width: 40, align: 'right' },
      { label: t.unit, width: 80, align: 'right' },
      { label: t.total, width: 90, align: 'right' },
    ],
    { size: 10 },
  );
  lines.header();
  lines.rule();
  lines.row(
    [
      receiptItem(receipt, locale),
      String(receipt.quantity),
      formatEuros(receipt.unitPriceCents),
      formatEuros(receipt.totalCents),
    ],
    'body',
  );
  lines.rule(6);

  sum(t.grandTotal, formatEuros(receipt.totalCents), 'bold');
  sum(t.fromBalance, formatEuros(receipt.totalCents - receipt.paidByCardCents));
  if (receipt.paidByCardCents > 0) {
    sum(t.byCard, formatEuros(receipt.paidByCardCents));
    if (receipt.cardPaymentReference) sum(t.cardReference, receipt.cardPaymentReference);
  }
  doc.moveDown(1.5);
  doc.font('body').fontSize(9).fillColor('#555555').text(t.notInvoice, left, doc.y, { width }).fillColor('black');

  // The documents as accepted, on pages of their own.
  doc.addPage();
  doc.font('bold').fontSize(12).text(t.documents(receipt.agreementVersion));
  doc.moveDown(0.5);
  doc.font('body').fontSize(9.5).text(receipt.agreementText, { width, paragraphGap: 2 });

  footers((page, count) => `${receipt.orderNumber} · ${t.page(page, count)}`, 35);
  doc.end();
  return done;
}
