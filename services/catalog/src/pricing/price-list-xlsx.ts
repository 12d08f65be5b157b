import ExcelJS from 'exceljs';
import { centsToEuros, publicPackage, type CountryNames, type Locale } from '@esim/contracts';
import type { buyerPackages } from './buyer-prices';

type PricedRow = Awaited<ReturnType<typeof buyerPackages>>[number];

const TEXTS = {
  tr: {
    sheet: 'Fiyat listesi',
    country: 'Ülke / bölge',
    name: 'Paket',
    data: 'Veri',
    dataMb: 'Veri (MB)',
    validity: 'Geçerlilik (gün)',
    code: 'Kod',
    price: 'Fiyatınız (EUR)',
    retail: 'Perakende fiyat (EUR)',
    unlimited: 'Sınırsız',
  },
  en: {
    sheet: 'Price list',
    country: 'Country / region',
    name: 'Package',
    data: 'Data',
    dataMb: 'Data (MB)',
    validity: 'Validity (days)',
    code: 'Code',
    price: 'Your price (EUR)',
    retail: 'Retail price (EUR)',
    unlimited: 'Unlimited',
  },
} as const;

/** Euros with two decimals, kept as numbers so a spreadsheet can sum and sort them. */
const EURO_FORMAT = '#,##0.00';

/** The file's name in the caller's language, e.g. fiyat-listesi-2026-12-06.xlsx. */
export const priceListFileName = (locale: Locale, day: Date) =>
  `${locale === 'tr' ? 'fiyat-listesi' : 'price-list'}-${day.toISOString().slice(0, 10)}.xlsx`;

/**
 * The buyer's own price list as a workbook: one row a package in the price list's order, the
 * price they pay (their override, else retail) and retail beside it, headers in their language.
 */
export async function priceListXlsx(rows: PricedRow[], locale: Locale, names: CountryNames): Promise<Buffer> {
  const t = TEXTS[locale];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: t.country, key: 'country', width: 28 },
    { header: t.name, key: 'name', width: 36 },
    { header: t.data, key: 'data', width: 12 },
    { header: t.dataMb, key: 'data_mb', width: 11 },
    { header: t.validity, key: 'validity', width: 16 },
    { header: t.code, key: 'code', width: 22 },
    { header: t.price, key: 'price', width: 16, style: { numFmt: EURO_FORMAT } },
    { header: t.retail, key: 'retail', width: 18, style: { numFmt: EURO_FORMAT } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const view = publicPackage(row, locale, names);
    // A local package names its country; a regional or global one is known by its own name.
    const country = view.type === 'local' && view.coverage[0] ? view.coverage[0].name : view.name;
    sheet.addRow({
      country,
      name: view.name,
      data: view.unlimited ? t.unlimited : view.data,
      data_mb: view.data_mb,
      validity: view.duration,
      code: view.code,
      price: centsToEuros(row.dealer_price_cents ?? row.retail_price_cents),
      retail: centsToEuros(row.retail_price_cents),
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
