import type { CollectionReport } from '@esim/contracts';
import { downloadCSV } from 'react-admin';
import { recordsCsv } from '../../layout/csvExporter';

type Collection = CollectionReport['collections'][number];

/** Cents as a spreadsheet reads them in every locale: two decimals and a dot ("1250.50"). */
export const machineAmount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The report's collections as CSV, headed in the screen's language, through the shared exporter that defuses formula-like cells. */
export function collectionsCsv(collections: readonly Collection[], translate: (key: string) => string): string {
  return recordsCsv(
    collections.map((c) => ({
      [translate('app.collection.when')]: c.local_time,
      [translate('app.collection.dealer')]: c.dealer_name ?? '',
      [translate('app.collection.amount_eur')]: machineAmount(c.amount_cents),
      [translate('app.collection.note')]: c.note ?? '',
      id: c.id,
    })),
  );
}

export function downloadCollectionsCsv(report: CollectionReport, translate: (key: string) => string) {
  downloadCSV(collectionsCsv(report.collections, translate), `tahsilatlar-${report.start_date}_${report.end_date}`);
}
