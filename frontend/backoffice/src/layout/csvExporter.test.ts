import { describe, expect, it } from 'vitest';
import { englishMessages } from '../i18n/en';
import { createI18nProvider } from '../providers/i18nProvider';
import { depositExportColumns } from '../admin/deposits/exportColumns';
import { stockExportColumns } from '../admin/physical-sim-stock/exportColumns';
import { columnsCsv, type CsvColumn } from './csvExporter';
import { parse } from 'csv-parse/sync';

/** Reads a CSV as a spreadsheet does with the given separator (csv-parse, as the SIM import reads files); it must start with a BOM. */
function readCsv(text: string, separator: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text, { bom: true, delimiter: separator, record_delimiter: '\r\n', relax_column_count: true });
}

const turkish = createI18nProvider('tr').translate;
const english = createI18nProvider('en', englishMessages).translate;

const DEPOSIT = {
  id: '6f1c2d7e-1111-4222-8333-944455556666',
  user_id: '0a1b2c3d-1111-4222-8333-944455556666',
  user_name: 'Şükrü Çağlayan',
  user_email: 'sukru@example.com',
  reference_code: 'BK2345679A',
  amount_cents: 123_450,
  status: 'confirmed',
  created_at: '2026-12-06T11:38:00.000Z',
  decided_at: '2026-12-06T21:05:00.000Z',
  reason: null,
};
const CARD = {
  id: 'c1',
  serial_number: 'SN0001',
  iccid: '8990011234567890123',
  package_code: 'PLUS-EU-5GB',
  status: 'in_stock',
  owner_user_id: null,
  created_at: '2026-01-31T22:30:00.000Z',
};

describe('columnsCsv', () => {
  it('writes Turkish Excel: BOM, ";" between cells, headings in Turkish, decimal commas, Istanbul times, no ids', () => {
    const text = columnsCsv([DEPOSIT], depositExportColumns, turkish, 'tr');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, row] = readCsv(text, ';');
    expect(header).toEqual([
      'Referans kodu',
      'Müşteri',
      'E-posta',
      'Tutar',
      'Talep tarihi',
      'Durum',
      'Karar tarihi',
      'Ret nedeni',
    ]);
    expect(row).toEqual([
      'BK2345679A',
      'Şükrü Çağlayan',
      'sukru@example.com',
      '1234,50',
      '06.12.2026 14:38',
      'Onaylandı',
      '07.12.2026 00:05',
      '',
    ]);
    expect(text).not.toContain(DEPOSIT.user_id);
  });

  it('writes English Excel: "," between cells, decimal points, ISO-like local times', () => {
    const [header, row] = readCsv(columnsCsv([DEPOSIT], depositExportColumns, english, 'en'), ',');
    expect(header!.slice(0, 4)).toEqual(['Reference code', 'Customer', 'E-mail', 'Amount']);
    expect(row!.slice(3, 5)).toEqual(['1234.50', '2026-12-06 14:38']);
  });

  it('keeps an ICCID as text for Excel (="…"), a short serial as it is', () => {
    const text = columnsCsv([CARD], stockExportColumns, turkish, 'tr');
    expect(text).toContain('"=""8990011234567890123"""');
    const [, row] = readCsv(text, ';');
    expect(row!.slice(0, 2)).toEqual(['SN0001', '="8990011234567890123"']);
    expect(row![5]).toBe('01.02.2026 01:30');
  });

  it('still defuses formulas, quotes separators and line breaks, and leaves negative money a number', () => {
    const columns: CsvColumn[] = [
      { label: 'app.export.reason', value: (r) => r.text },
      { label: 'app.balance.amount', value: (r, csv) => csv.money(r.cents) },
    ];
    const rows = [
      { id: 1, text: "=cmd|' /C calc'!A0", cents: -1250 },
      { id: 2, text: '@SUM(A1)', cents: 5 },
      { id: 3, text: 'a;b\r\nc "d"', cents: null },
      { id: 4, text: '-2+3', cents: 0 },
    ];
    const [, ...cells] = readCsv(columnsCsv(rows, columns, turkish, 'tr'), ';');
    expect(cells).toEqual([
      ["'=cmd|' /C calc'!A0", '-12,50'],
      ["'@SUM(A1)", '0,05'],
      ['a;b\r\nc "d"', ''],
      ["'-2+3", '0,00'],
    ]);
    // In English the comma is the separator, so a cell holding one is quoted.
    expect(columnsCsv([{ id: 1, text: 'a,b', cents: 100 }], columns, english, 'en')).toContain('"a,b",1.00');
  });
});
