import yauzl from 'yauzl';
import { AppError } from '@esim/platform';

/**
 * What an uploaded import file really is, judged by its bytes and never by its name: an xlsx is a
 * zip holding `[Content_Types].xml` and `xl/workbook.xml`, inflated here once with its real sizes
 * counted (a zip bomb is refused before exceljs ever reads it); a CSV is valid UTF-8 text without
 * NUL bytes. Anything else (an executable renamed .xlsx, a PDF, a zip of photos) is refused.
 */
export type ImportFormat = 'xlsx' | 'csv' | 'json';

export interface FileLimits {
  maxFileBytes: number;
  maxUnpackedBytes: number;
  /** Zip entries an xlsx may have (a real one has a dozen or two). */
  maxEntries?: number;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MB = 1024 * 1024;

const wrongType = () => new AppError(400, 'import_file_type', { errors: [{ path: 'file', message: 'import_file_type' }] });

export async function detectImportFile(content: Buffer, limits: FileLimits): Promise<'xlsx' | 'csv'> {
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

/** Walks every entry, inflating it and counting the bytes really produced (declared sizes can lie). */
async function checkXlsxZip(content: Buffer, limits: FileLimits): Promise<void> {
  const maxEntries = limits.maxEntries ?? 1000;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw wrongType();
  }
  const names = new Set<string>();
  let unpacked = 0;
  let entries = 0;
  const tooBig = () =>
    new AppError(413, 'import_file_unpacked_too_large', { params: { max: Math.floor(limits.maxUnpackedBytes / MB) } });
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > maxEntries) return reject(tooBig());
        names.add(entry.fileName);
        if (unpacked + entry.uncompressedSize > limits.maxUnpackedBytes) return reject(tooBig());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error('no stream'));
          stream.on('data', (chunk: Buffer) => {
            unpacked += chunk.length;
            if (unpacked > limits.maxUnpackedBytes) {
              stream.destroy();
              reject(tooBig());
            }
          });
          stream.on('error', reject);
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw wrongType();
  } finally {
    zip.close();
  }
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw wrongType();
}
