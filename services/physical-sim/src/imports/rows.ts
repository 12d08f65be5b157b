import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { cellValue, type TableFormat } from '@esim/platform';

/**
 * Streams an import file's data rows, whatever its format, as plain strings per column of the
 * template (`iccid, serial_number, eid, package_code`). Nothing holds the whole sheet: exceljs's
 * streaming reader emits one row at a time, csv-parse one record at a time. Rows are handed on in
 * groups of ROW_GROUP, one await per group, since a promise per row is a noticeable part of reading.
 */
const ROW_GROUP = 1000;
/** How a stored import file is read: an uploaded xlsx or CSV (checked by its bytes), or the cards of a JSON body. */
export type ImportFormat = TableFormat | 'json';

export const TEMPLATE_COLUMNS = ['iccid', 'serial_number', 'eid', 'package_code'] as const;
export type TemplateColumn = (typeof TEMPLATE_COLUMNS)[number];

export interface RawRow {
  /** The row's number as the admin sees it in the sheet (the header is row 1). */
  rowNumber: number;
  values: Record<TemplateColumn, string>;
  /** Cells that cannot be read as text faithfully (e.g. a 20-digit ICCID Excel stored as a rounded number). */
  unreadable: readonly TemplateColumn[];
}

export class ImportFileError extends Error {
  constructor(
    readonly code: 'import_header_invalid' | 'import_file_unreadable' | 'import_too_many_rows' | 'import_empty',
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/** Header cell → column position; the four names in any order, case and spaces ignored; eid may be absent. */
function columnPositions(header: string[]): Record<TemplateColumn, number> {
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const positions = {} as Record<TemplateColumn, number>;
  for (const column of TEMPLATE_COLUMNS) {
    const at = names.indexOf(column);
    if (at < 0 && column !== 'eid') throw new ImportFileError('import_header_invalid');
    positions[column] = at;
  }
  return positions;
}

/** A cell's text: strings trimmed, safe integers as digits, formulas by their result; null if it cannot be text faithfully. */
function cellText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim(); // the usual cell, before any unwrapping
  const v = cellValue(value);
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : null;
  return null;
}

/** Collects rows into groups of ROW_GROUP: `add` gives back a full group to hand on, `rest` the last one. */
class RowGroups {
  private rows: RawRow[] = [];

  add(row: RawRow | null): RawRow[] | undefined {
    if (!row || this.rows.push(row) < ROW_GROUP) return undefined;
    const full = this.rows;
    this.rows = [];
    return full;
  }

  rest(): RawRow[] | undefined {
    return this.rows.length ? this.rows : undefined;
  }
}

const NO_COLUMNS: readonly TemplateColumn[] = Object.freeze([]);

/** A data row from its cells (`cells[offset + position]`: exceljs's row values are 1-based). */
function toRow(
  rowNumber: number,
  cells: unknown[],
  positions: Record<TemplateColumn, number>,
  offset = 0,
): RawRow | null {
  const values: Record<TemplateColumn, string> = { iccid: '', serial_number: '', eid: '', package_code: '' };
  let unreadable: TemplateColumn[] | null = null;
  let empty = true;
  for (const column of TEMPLATE_COLUMNS) {
    const at = positions[column];
    if (at < 0) continue;
    const text = cellText(cells[offset + at]);
    if (text === null) {
      (unreadable ??= []).push(column);
      values[column] = String(cells[offset + at] ?? '');
      empty = false;
    } else {
      values[column] = text;
      if (text !== '') empty = false;
    }
  }
  // Blank lines (a sheet's trailing formatting, an empty CSV line) are not rows.
  return empty ? null : { rowNumber, values, unreadable: unreadable ?? NO_COLUMNS };
}

async function* xlsxRows(content: Buffer): AsyncGenerator<RawRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let positions: Record<TemplateColumn, number> | null = null;
  const groups = new RowGroups();
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // row.values is 1-based (index 0 empty).
        const cells = row.values as unknown[];
        if (!positions) {
          positions = columnPositions(cells.slice(1).map((c) => cellText(c) ?? ''));
          continue;
        }
        const full = groups.add(toRow(row.number, cells, positions, 1));
        if (full) yield full;
      }
      // Only the first sheet is the import.
      break;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('import_file_unreadable');
  }
  if (!positions) throw new ImportFileError('import_header_invalid');
  const last = groups.rest();
  if (last) yield last;
}

async function* csvRows(content: Buffer): AsyncGenerator<RawRow[]> {
  const parser = Readable.from([content]).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let positions: Record<TemplateColumn, number> | null = null;
  const groups = new RowGroups();
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!positions) {
        positions = columnPositions(record.record);
        continue;
      }
      const full = groups.add(toRow(record.info.lines, record.record, positions));
      if (full) yield full;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('import_file_unreadable');
  }
  if (!positions) throw new ImportFileError('import_header_invalid');
  const last = groups.rest();
  if (last) yield last;
}

async function* jsonRows(content: Buffer): AsyncGenerator<RawRow[]> {
  const cards = (JSON.parse(content.toString('utf8')) as { cards: Array<Record<string, unknown>> }).cards;
  const positions = { iccid: 0, serial_number: 1, eid: 2, package_code: 3 };
  const groups = new RowGroups();
  for (const [index, card] of cards.entries()) {
    const full = groups.add(
      toRow(
        index + 1,
        TEMPLATE_COLUMNS.map((c) => card[c] ?? ''),
        positions,
      ),
    );
    if (full) yield full;
  }
  const last = groups.rest();
  if (last) yield last;
}

/** The file's data rows, in groups of up to ROW_GROUP, in the file's order. */
export function readRows(format: ImportFormat, content: Buffer): AsyncGenerator<RawRow[]> {
  if (format === 'xlsx') return xlsxRows(content);
  if (format === 'csv') return csvRows(content);
  return jsonRows(content);
}

/** The downloadable template: the header row and one example row. */
export async function templateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cards');
  sheet.addRow([...TEMPLATE_COLUMNS]);
  sheet.addRow(['8990011234567890128', '100001', '', 'PLUS-EU-10GB']);
  // Text columns: Excel must never turn a 20-digit ICCID into a rounded number.
  for (let c = 1; c <= 4; c += 1) sheet.getColumn(c).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
