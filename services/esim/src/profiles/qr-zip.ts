import { ZipFile } from 'yazl';
import { csvText } from '@esim/contracts';
import { qrPng } from './qr';
import { activationCode } from './views';
import { type ProfileRow } from '../rows';

/** Collects a zip's bytes as yazl writes them. */
function zipBuffer(zip: ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A bulk order's codes in one file: `<ICCID>.png` per eSIM and `esims.csv` (ICCID, LPA string,
 * SM-DP+ address, activation code, png name), its cells neutralised for spreadsheets. The caller
 * passes only eSIMs that may still be installed: a refunded or revoked one has no code to give.
 */
export async function qrZip(profiles: ProfileRow[], at: Date): Promise<Buffer> {
  const zip = new ZipFile();
  const written = zipBuffer(zip);
  const rows: string[][] = [['iccid', 'lpa', 'smdp_address', 'activation_code', 'qr_file']];
  for (const profile of profiles) {
    const lpa = activationCode(profile);
    // A png is already compressed: stored as it is.
    zip.addBuffer(await qrPng(lpa), `${profile.iccid}.png`, { mtime: at, compress: false });
    rows.push([profile.iccid, lpa, profile.smdp_address, profile.matching_id, `${profile.iccid}.png`]);
  }
  zip.addBuffer(Buffer.from(csvText(rows), 'utf8'), 'esims.csv', { mtime: at });
  zip.end();
  return written;
}
