import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatEuros, sellerLine, type EventPayload, type Locale } from '@esim/contracts';

export type Receipt = EventPayload<'esim.order.receipt'>;

// DejaVu Sans comes from an npm package (so a clean `npm ci` has it) and covers every Turkish letter;
// the PDF's standard fonts (Helvetica) have no ğ, ş, ı or İ.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

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

/** The package as the receipt's line names it: its name in the buyer's language, code, data and days. */
export function receiptItem(receipt: Receipt, locale: Locale): string {
  const name = locale === 'en' ? receipt.packageNameEn : receipt.packageNameTr;
  return `${name} (${receipt.packageCode}; ${dataOf(receipt, locale)} · ${texts[locale].days(receipt.validityDays)})`;
}

/**
 * The receipt of an eSIM order as a PDF, in the order's language: the seller and the buyer, the
 * order, the package line, the total and what the balance and the card paid of it, then the
 * pre-information form and the distance sales contract exactly as the buyer accepted them.
 */
export function receiptPdf(receipt: Receipt, buyer: { fullName: string; email: string }): Promise<Buffer> {
  const locale = receipt.locale;
  const t = texts[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${t.title} ${receipt.orderNumber}`, Author: receipt.seller.name, Subject: receipt.orderNumber },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(18).text(t.title);
  doc.moveDown(0.5);
  const field = (label: string, value: string) => {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('body').text(value);
  };
  field(t.seller, sellerLine(receipt.seller, locale));
  field(t.buyer, `${buyer.fullName}, ${buyer.email}`);
  field(t.order, receipt.orderNumber);
  field(t.date, dateTime(receipt.completedAt, locale));
  doc.moveDown(1);

  // The line: what was bought, how many, at what price.
  const columns = [
    { label: t.item, width: width - 210, align: 'left' as const },
    { label: t.quantity, width: 40, align: 'right' as const },
    { label: t.unit, width: 80, align: 'right' as const },
    { label: t.total, width: 90, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'body' | 'bold') => {
    const top = doc.y;
    let x = left;
    let bottom = top;
    cells.forEach((cell, i) => {
      doc.font(font).fontSize(10).text(cell, x, top, { width: columns[i]!.width, align: columns[i]!.align });
      bottom = Math.max(bottom, doc.y);
      x += columns[i]!.width;
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.label),
    'bold',
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 4;
  row(
    [
      receiptItem(receipt, locale),
      String(receipt.quantity),
      formatEuros(receipt.unitPriceCents),
      formatEuros(receipt.totalCents),
    ],
    'body',
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke();
  doc.y += 6;

  const sum = (label: string, value: string, font: 'body' | 'bold' = 'body') => {
    const top = doc.y;
    doc
      .font(font)
      .fontSize(10)
      .text(label, left, top, { width: width - 90, align: 'right' });
    doc.text(value, left + width - 90, top, { width: 90, align: 'right' });
    doc.x = left;
  };
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

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would open a new page; lift the margin for the footer line.
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#777777')
      .text(`${receipt.orderNumber} · ${t.page(i + 1, pages.count)}`, left, doc.page.height - 35, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
