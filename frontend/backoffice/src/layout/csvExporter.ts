import { csvDateTime, csvDialectOf, csvMoney, csvText, excelCsvText } from '@esim/contracts';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Records as CSV rows: a header of every field in order of first appearance, then one row each. */
export function recordsCsv(records: readonly RaRecord[]): string {
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return csvText([columns, ...records.map((record) => columns.map((column) => cellText(record[column])))]);
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How a column writes its value in the reader's language: their words, money and Istanbul times as their Excel reads them. */
export interface CsvWriter {
  translate: Translate;
  money: (cents: number | null | undefined) => string;
  dateTime: (value: string | null | undefined) => string;
}

/** One column of a list's export: its heading (a translation key) and the text of its cell for a record. */
export interface CsvColumn {
  label: string;
  value: (record: RaRecord, csv: CsvWriter) => string | number | null | undefined;
}

/**
 * A list's rows as the CSV its reader's Excel opens in columns: headings in their language, ";" and
 * decimal commas for Turkish ("," and points for English), long digit strings kept as text, formulas defused.
 */
export function columnsCsv(
  records: readonly RaRecord[],
  columns: readonly CsvColumn[],
  translate: Translate,
  locale: string,
): string {
  const dialect = csvDialectOf(locale);
  const csv: CsvWriter = {
    translate,
    money: (cents) => csvMoney(cents, dialect),
    dateTime: (value) => csvDateTime(value, locale),
  };
  return excelCsvText(
    [
      columns.map((column) => translate(column.label)),
      ...records.map((record) => columns.map((column) => cellText(column.value(record, csv)))),
    ],
    dialect,
  );
}

/**
 * The back office's one CSV exporter, for every list that exports: react-admin's default writes
 * cells as they are, so a value like `=cmd|' /C calc'!A0` would run as a formula in a spreadsheet;
 * this one defuses them exactly as the services' own CSV files do.
 */
export const csvExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  downloadCSV(recordsCsv(records), resource ?? 'export');
};
