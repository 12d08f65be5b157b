import { createInflateRaw } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';
import { AppError } from '../errors';

/**
 * Uploaded tables (stock imports, eSIM profile batches, usage files), one way across services.
 *
 * What an uploaded file really is, judged by its bytes and never by its name: an xlsx is a zip
 * holding `[Content_Types].xml` and `xl/workbook.xml`, its unpacked size checked here (a zip bomb
 * is refused, 400 naming `file`, before exceljs ever reads it); a CSV is valid UTF-8 text without
 * NUL bytes. Anything else (an executable renamed .xlsx, a PDF, a zip of photos) is refused with
 * `import_file_type` naming the field `file`.
 */
export type TableFormat = 'xlsx' | 'csv';

export interface FileLimits {
  maxFileBytes: number;
  maxUnpackedBytes: number;
  /** Zip entries an xlsx may have (a real one has a dozen or two). */
  maxEntries?: number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MB = 1024 * 1024;

const wrongType = () =>
  new AppError(400, 'import_file_type', { errors: [{ path: 'file', message: 'import_file_type' }] });

export async function detectTableFile(content: Buffer, limits: FileLimits): Promise<TableFormat> {
  if (content.length > limits.maxFileBytes) {
    throw new AppError(413, 'import_file_too_large', { params: { max: Math.floor(limits.maxFileBytes / MB) } });
  }
  if (content.length === 0) throw new AppError(400, 'import_empty');
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) {
    await checkXlsxZip(content, limits);
    return 'xlsx';
  }
  if (isUtf8Text(content)) return 'csv';
  throw wrongType();
}

function isUtf8Text(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks an xlsx's unpacked size without reading it: the entries' declared sizes are summed first
 * (over the limit: refused before a byte is inflated), then each entry is inflated only to count
 * its bytes (the output is dropped, in 1 MB chunks), stopping the moment it passes its declared
 * size, since declared sizes can lie. So a request inflates at most the limit, and exceljs (the
 * import worker, or readUploadedTable for small tables) only ever reads a file of known size.
 */
async function checkXlsxZip(content: Buffer, limits: FileLimits): Promise<void> {
  const maxEntries = limits.maxEntries ?? 1000;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw wrongType();
  }
  const tooBig = () =>
    new AppError(400, 'import_file_unpacked_too_large', {
      params: { max: Math.floor(limits.maxUnpackedBytes / MB) },
      errors: [{ path: 'file', message: 'import_file_unpacked_too_large' }],
    });
  const entries: yauzl.Entry[] = [];
  let declared = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (entries.push(entry) > maxEntries || declared > limits.maxUnpackedBytes) return reject(tooBig());
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw wrongType();
  } finally {
    zip.close();
  }
  const names = new Set(entries.map((entry) => entry.fileName));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw wrongType();
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const size = await unpackedSize(entryData(content, entry), entry, tooBig);
    if (size !== entry.uncompressedSize) throw wrongType();
  }
}

const LOCAL_HEADER_SIGNATURE = 0x04034b50;

/** An entry's stored (compressed) bytes: after its local header, whose name and extra field lengths vary. */
function entryData(content: Buffer, entry: yauzl.Entry): Buffer {
  const at = entry.relativeOffsetOfLocalHeader;
  if (entry.isEncrypted() || at + 30 > content.length || content.readUInt32LE(at) !== LOCAL_HEADER_SIGNATURE)
    throw wrongType();
  const start = at + 30 + content.readUInt16LE(at + 26) + content.readUInt16LE(at + 28);
  if (start + entry.compressedSize > content.length) throw wrongType();
  return content.subarray(start, start + entry.compressedSize);
}

/** The bytes an entry really unpacks to (stored or deflated, the two methods an xlsx uses); past its declared size, too big. */
function unpackedSize(data: Buffer, entry: yauzl.Entry, tooBig: () => AppError): Promise<number> {
  if (entry.compressionMethod === 0) return Promise.resolve(data.length);
  if (entry.compressionMethod !== 8) return Promise.reject(wrongType());
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: MB });
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > entry.uncompressedSize) {
        inflate.destroy();
        reject(tooBig());
      }
    });
    inflate.on('end', () => resolve(size));
    inflate.on('error', () => reject(wrongType()));
    inflate.end(data);
  });
}

/**
 * An uploaded table's rows, from a request body of raw bytes: the file must be there (400
 * `import_file_required` naming `file`), be xlsx or CSV by its bytes and within `limits`
 * (detectTableFile), and parse (400 `import_file_unreadable`). For small tables, read whole.
 */
export async function readUploadedTable(
  content: unknown,
  limits: FileLimits,
  headerKey: (header: string) => string,
): Promise<Array<Record<string, string>>> {
  if (!Buffer.isBuffer(content) || content.length === 0)
    throw new AppError(400, 'import_file_required', { errors: [{ path: 'file', message: 'import_file_required' }] });
  const format = await detectTableFile(content, limits);
  try {
    return await readTableRows(content, format, headerKey);
  } catch (error) {
    throw new AppError(400, 'import_file_unreadable', {
      cause: error,
      errors: [{ path: 'file', message: 'import_file_unreadable' }],
    });
  }
}

/**
 * A small uploaded table (checked by detectTableFile first) as one record per data row, keyed by
 * the header row's names through `headerKey`; cells as trimmed text. The whole sheet is read at
 * once: for files of thousands of rows (a 200,000-row stock import streams instead).
 */
export async function readTableRows(
  content: Buffer,
  format: TableFormat,
  headerKey: (header: string) => string,
): Promise<Array<Record<string, string>>> {
  if (format === 'csv') {
    const text = content.toString('utf8').replace(/^\uFEFF/, '');
    return parse(text, {
      columns: (headers: string[]) => headers.map(headerKey),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    }) as Array<Record<string, string>>;
  }
  // Loaded on first use: exceljs is large, and only admins' uploads need it.
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  // exceljs's types predate Node's generic Buffer.
  await workbook.xlsx.load(content as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Array<Record<string, string>> = [];
  let headers: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, index) => {
    const cells = (row.values as unknown[]).slice(1).map(cellText);
    if (index === 1) headers = cells.map(headerKey);
    else rows.push(Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  });
  return rows;
}

/** A cell as text: a date as ISO 8601, anything else as a trimmed string. */
function cellText(value: unknown): string {
  const v = cellValue(value);
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return String(v).trim();
}

/**
 * What an exceljs cell holds, unwrapped: rich text joined, a formula by its result, a hyperlink by
 * its text. Strings, numbers, booleans, dates and empty cells come back as they are.
 */
export function cellValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const v = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown };
  if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
  if ('result' in v) return cellValue(v.result);
  if (v.text !== undefined) return cellValue(v.text);
  return value;
}
