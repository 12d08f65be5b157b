import ExcelJS from 'exceljs';
import { formatEuros, sellerLine, STATEMENT_GROUPS, type Locale, type Seller, type Statement } from '@esim/contracts';
import { startPdf } from '@esim/platform';
import { GROUP_LABELS, istanbulDateTime, monthName, STATEMENT_TEXTS } from './texts';

const english = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
/** An amount as the reader writes it: 1.234,50 € in Turkish, €1,234.50 in English. */
export const money = (cents: number, locale: Locale) =>
  locale === 'en' ? english.format(cents / 100) : formatEuros(cents);

/** The file name a statement downloads as, e.g. hesap-ekstresi-2026-11.pdf (no names, no ids). */
export const statementFileName = (statement: Statement, locale: Locale, extension: 'pdf' | 'xlsx') =>
  `${STATEMENT_TEXTS[locale].file}-${statement.month}.${extension}`;

/** The summary rows both documents show, in order. */
function summaryRows(statement: Statement, locale: Locale): Array<[string, number, boolean]> {
  const t = STATEMENT_TEXTS[locale];
  return [
    [t.opening, statement.opening_balance_cents, true],
    ...STATEMENT_GROUPS.map((group): [string, number, boolean] => [
      GROUP_LABELS[group][locale],
      statement.totals[group],
      false,
    ]),
    [t.closing, statement.closing_balance_cents, true],
    [t.creditDrawn, statement.credit_drawn_cents, false],
    [t.balance, statement.balance_cents, false],
    [t.creditUsed, statement.credit_used_cents, false],
    [t.creditLimit, statement.credit_limit_cents, false],
  ];
}

/** The statement as an A4 PDF: header, summary, then every movement with its running balance. */
export function statementPdf(statement: Statement, seller: Seller, locale: Locale): Promise<Buffer> {
  const t = STATEMENT_TEXTS[locale];
  const { doc, left, width, done, field, table, footers } = startPdf(
    { Title: `${t.title} ${statement.month}`, Author: seller.name, Subject: statement.dealer_name },
    { margin: 45, bufferPages: true },
  );

  doc.font('bold').fontSize(18).text(t.title);
  doc.moveDown(0.4);
  field(t.seller, sellerLine(seller, locale), 9.5);
  field(t.dealer, statement.dealer_name, 9.5);
  field(t.period, monthName(statement.month, locale), 9.5);
  doc.moveDown(0.8);

  doc.font('bold').fontSize(12).text(t.summary);
  doc.moveDown(0.3);
  for (const [label, cents, strong] of summaryRows(statement, locale)) {
    const top = doc.y;
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(10)
      .text(label, left, top, { width: width - 120 });
    doc.text(money(cents, locale), left + width - 120, top, { width: 120, align: 'right' });
    doc.x = left;
  }
  doc.moveDown(1);

  doc.font('bold').fontSize(12).text(t.transactions, left);
  doc.moveDown(0.3);
  const movements = table(
    [
      { label: t.date, width: 85, align: 'left' },
      { label: t.type, width: width - 85 - 110 - 80 - 85, align: 'left' },
      { label: t.reference, width: 110, align: 'left' },
      { label: t.amount, width: 80, align: 'right' },
      { label: t.running, width: 85, align: 'right' },
    ],
    { size: 8.5, gap: 3, padding: 4, breakWithin: 30 },
  );
  movements.header();
  movements.rule();
  if (statement.lines.length === 0) doc.font('body').fontSize(9).text(t.none, left);
  for (const line of statement.lines) {
    movements.row(
      [
        istanbulDateTime(line.date, locale),
        line.description,
        line.reference ?? '',
        money(line.amount_cents, locale),
        money(line.balance_after_cents, locale),
      ],
      'body',
    );
  }
  movements.rule();
  doc.moveDown(0.8);
  doc.font('body').fontSize(8).fillColor('#555555').text(t.note, left, doc.y, { width }).fillColor('black');

  footers((page, count) => `${t.title} ${statement.month} · ${t.page(page, count)}`, 30);
  doc.end();
  return done;
}

const EURO_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';

/** The statement as an Excel workbook: a summary sheet with the header block, and a transactions sheet; amounts are numbers in euros. */
export async function statementXlsx(statement: Statement, seller: Seller, locale: Locale): Promise<Buffer> {
  const t = STATEMENT_TEXTS[locale];
  const book = new ExcelJS.Workbook();
  book.creator = seller.name;
  book.created = new Date(statement.period_end);

  const summary = book.addWorksheet(t.sheetSummary);
  summary.columns = [{ width: 38 }, { width: 60 }];
  summary.addRow([t.title]).font = { bold: true, size: 14 };
  summary.addRow([t.seller, seller.name]);
  summary.addRow([t.dealer, statement.dealer_name]);
  summary.addRow([t.period, monthName(statement.month, locale)]);
  summary.addRow([]);
  for (const [label, cents, strong] of summaryRows(statement, locale)) {
    const added = summary.addRow([label, cents / 100]);
    added.getCell(2).numFmt = EURO_FORMAT;
    added.getCell(2).alignment = { horizontal: 'right' };
    if (strong) added.font = { bold: true };
  }

  const sheet = book.addWorksheet(t.sheetTransactions);
  sheet.columns = [
    { header: t.date, key: 'date', width: 18 },
    { header: t.type, key: 'type', width: 34 },
    { header: t.reference, key: 'reference', width: 24 },
    { header: t.amount, key: 'amount', width: 14, style: { numFmt: EURO_FORMAT } },
    { header: t.running, key: 'running', width: 14, style: { numFmt: EURO_FORMAT } },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const line of statement.lines) {
    sheet.addRow({
      date: istanbulDateTime(line.date, locale),
      type: line.description,
      reference: line.reference ?? '',
      amount: line.amount_cents / 100,
      running: line.balance_after_cents / 100,
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
