import { constants as zlibConstants, deflateRawSync } from 'node:zlib';
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

const eidWithCheck = (first30: string) =>
  first30 + (98n - ((BigInt(first30) * 100n) % 97n)).toString().padStart(2, '0');

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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
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
export function multipart(
  fieldName: string,
  fileName: string,
  content: Buffer,
  contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = `----esimtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const MiB = 1024 * 1024;

/**
 * A workbook-looking zip whose sheet unpacks to `unpackedMiB` MiB of spaces, built without
 * compressing them: one deflated MiB ends on a full flush, so its bytes can be repeated (about 1 kB
 * each). `declaredMiB` is what the zip's directory claims (a lie when it differs); `thenGarbage`
 * ends the sheet with bytes that are not deflate, which only a reader inflating past the cut-off
 * reaches. No CRCs: a file like this must be refused before anything reads them.
 */
export function bombXlsx(options: { unpackedMiB: number; declaredMiB?: number; thenGarbage?: boolean }): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB, 0x20), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const end = options.thenGarbage ? Buffer.from('this is not deflate data at all') : deflateRawSync(Buffer.alloc(0));
  const sheet = Buffer.concat([...Array.from({ length: options.unpackedMiB }, () => block), end]);
  return zipOf([
    { name: '[Content_Types].xml', stored: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', stored: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', deflated: sheet, size: (options.declaredMiB ?? options.unpackedMiB) * MiB },
  ]);
}

type ZipEntry = { name: string; stored: Buffer } | { name: string; deflated: Buffer; size: number };

function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = 'stored' in entry ? entry.stored : entry.deflated;
    const fields = {
      method: 'stored' in entry ? 0 : 8,
      compressed: data.length,
      size: 'stored' in entry ? data.length : entry.size,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(fields.method, 8);
    local.writeUInt32LE(fields.compressed, 18);
    local.writeUInt32LE(fields.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(fields.method, 10);
    central.writeUInt32LE(fields.compressed, 20);
    central.writeUInt32LE(fields.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const tail = Buffer.alloc(22);
  tail.writeUInt32LE(0x06054b50, 0);
  tail.writeUInt16LE(entries.length, 8);
  tail.writeUInt16LE(entries.length, 10);
  tail.writeUInt32LE(directoryBytes.length, 12);
  tail.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, tail]);
}
