/**
 * CSV for spreadsheets, written the same way by the services and the back office: a cell a
 * spreadsheet would run as a formula (one starting with =, +, -, @, tab or carriage return) gets a
 * leading apostrophe (OWASP's CSV-injection defence), and a cell with a comma, quote or line break is quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string): string {
  const defused = neutraliseCsvCell(value);
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}

/** Rows as a CSV file's text: a UTF-8 byte-order mark (Excel then reads Turkish letters) and CRLF lines. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** How a spreadsheet in the reader's language splits a CSV: Turkish Excel takes ";" between cells and "," in decimals. */
export interface CsvDialect {
  separator: ';' | ',';
  decimal: ',' | '.';
}

export const csvDialectOf = (locale: string): CsvDialect =>
  locale === 'tr' ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };

/** A plain number (money, a count): no formula can hide in it, so a minus sign stays a minus. */
const PLAIN_NUMBER = /^-?\d{1,15}(?:[.,]\d+)?$/;
/** A digit string Excel would round into a number (an ICCID, an EID, a long serial). */
const LONG_DIGITS = /^\d{12,}$/;

/** One cell for Excel in a dialect: long digit strings kept as text, formulas defused, quoted when it must be. */
export function excelCsvCell(value: string, dialect: CsvDialect): string {
  // ="…" is the form every Excel keeps as text (a leading tab is trimmed and read as a number), and digits alone carry no formula.
  const cell = LONG_DIGITS.test(value) ? `="${value}"` : PLAIN_NUMBER.test(value) ? value : neutraliseCsvCell(value);
  return cell.includes('"') || cell.includes(dialect.separator) || /[\r\n]/.test(cell)
    ? `"${cell.replace(/"/g, '""')}"`
    : cell;
}

/** Rows as a CSV file Excel opens in columns in the reader's dialect: a UTF-8 byte-order mark, CRLF lines. */
export function excelCsvText(rows: ReadonlyArray<readonly string[]>, dialect: CsvDialect): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => excelCsvCell(cell, dialect)).join(dialect.separator)).join('\r\n')}\r\n`;
}

/** Cents as a decimal in the dialect, without thousands separators (Excel reads "1234,50" as a number in Turkish). */
export function csvMoney(cents: number | null | undefined, dialect: CsvDialect): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}${dialect.decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** A moment as Istanbul's local date and time Excel reads as one: 06.12.2026 14:38 in Turkish, 2026-12-06 14:38 in English. */
export function csvDateTime(value: string | Date | null | undefined, locale: string): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return locale === 'tr'
    ? `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
    : `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
