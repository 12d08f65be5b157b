import ExcelJS from 'exceljs';
import { eidWithCheck, iccidWithCheck } from '../src/cards/identifiers';

/** Valid, unique card identifiers for tests and the bench: number n of a series. */
export function cardNumbers(series: number, n: number) {
  return {
    iccid: iccidWithCheck(`8990${String(series).padStart(3, '0')}${String(n).padStart(11, '0')}`),
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
