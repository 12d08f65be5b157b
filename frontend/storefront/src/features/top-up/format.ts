import { formatMegabytes } from '@esim/frontend-shared/format';

const MB = 1024 * 1024;

/** Data of a package or bundle for people ("5 GB"); null is unlimited, named by the caller's text. */
export function dataText(dataMb: number | null, lng: string | undefined, unlimited: string): string {
  return dataMb === null ? unlimited : formatMegabytes(dataMb, lng);
}

export const bytesText = (bytes: number, lng: string | undefined) => formatMegabytes(bytes / MB, lng);
