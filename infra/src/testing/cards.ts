import ExcelJS from 'exceljs';

/**
 * Card files as an admin uploads them to physical-sim's import (the template's four columns), for
 * the tests and the import bench. The check digits are computed here from the identifiers' public
 * rules (ICCID: Luhn; EID: mod 97 = 1), so a test's file is valid without reading the service's code.
 */
function luhnCheckDigit(body: string): string {
  let sum = 0;
  // Doubling starts at the body's last digit, since the check digit will follow it.
  for (let i = body.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = body.charCodeAt(i) - 48;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

const eidWithCheck = (first30: string) => first30 + (98n - ((BigInt(first30) * 100n) % 97n)).toString().padStart(2, '0');

/** Valid, unique card identifiers: number n of a series. */
export function cardNumbers(series: number, n: number) {
  const iccidBody = `8990${String(series).padStart(3, '0')}${String(n).padStart(11, '0')}`;
  return {
    iccid: iccidBody + luhnCheckDigit(iccidBody),
    serial_number: `${series}${String(n).padStart(9, '0')}`,
    eid: eidWithCheck(`89049032${String(series).padStart(3, '0')}${String(n).padStart(19, '0')}`),
  };
}

export type SheetRow = [string, string, string, string];

/** An xlsx with the template header and these rows (all cells as text, as the template asks). */
export async function xlsxOf(rows: SheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('cards');
  sheet.addRow(['iccid', 'serial_number', 'eid', 'package_code']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A large xlsx written with exceljs's streaming writer (memory stays flat), for the kill tests and the bench. */
export async function bigXlsx(file: string, series: number, count: number, packageCode: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('cards');
  sheet.addRow(['iccid', 'serial_number', 'eid', 'package_code']).commit();
  for (let n = 1; n <= count; n += 1) {
    const c = cardNumbers(series, n);
    sheet.addRow([c.iccid, c.serial_number, c.eid, packageCode]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** A multipart/form-data body with one file field. */
export function multipart(fieldName: string, fileName: string, content: Buffer, contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = `----esimtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
