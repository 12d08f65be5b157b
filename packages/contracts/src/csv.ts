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
