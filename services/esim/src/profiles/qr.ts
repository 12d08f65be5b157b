import QRCode from 'qrcode';
import type { Knex } from 'knex';
import { AppError } from '@esim/platform';

/**
 * The QR file-name rules: the name must end in .png, hold no two consecutive dots
 * and no slash ('Geçersiz dosya formatı'); the name before .png must be 19 or 20 digits ('Geçersiz ICCID formatı').
 */
export function iccidOfQrFileName(fileName: string): string {
  if (!fileName.endsWith('.png') || fileName.includes('..') || fileName.includes('/') || fileName.includes('\\')) {
    throw new AppError(400, 'esim_qr_file_invalid', {
      errors: [{ path: 'fileName', message: 'Geçersiz dosya formatı' }],
    });
  }
  const iccid = fileName.slice(0, -'.png'.length);
  if (!/^[0-9]{19,20}$/.test(iccid)) {
    throw new AppError(400, 'esim_qr_iccid_invalid', {
      errors: [{ path: 'fileName', message: 'Geçersiz ICCID formatı' }],
    });
  }
  return iccid;
}

/** The activation code as a QR png (error correction M, as operators print them). */
export function qrPng(activationCode: string): Promise<Buffer> {
  return QRCode.toBuffer(activationCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });
}

/** Records when an eSIM's QR code was first handed out (the pngs are drawn on request, never stored: they are secrets). */
export async function markQrIssued(db: Knex, profiles: readonly { id: string }[]): Promise<void> {
  await db('profiles')
    .whereIn(
      'id',
      profiles.map((p) => p.id),
    )
    .whereNull('qr_generated_at')
    .update({ qr_generated_at: db.fn.now() });
}
