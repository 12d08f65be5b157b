import { constants as zlibConstants, deflateRawSync } from 'node:zlib';

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
    const fields = { method: 'stored' in entry ? 0 : 8, compressed: data.length, size: 'stored' in entry ? data.length : entry.size };
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
