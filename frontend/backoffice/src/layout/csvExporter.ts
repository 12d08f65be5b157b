import { csvText } from '@esim/contracts';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Records as CSV rows: a header of every field in order of first appearance, then one row each. */
export function recordsCsv(records: readonly RaRecord[]): string {
  const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return csvText([columns, ...records.map((record) => columns.map((column) => cellText(record[column])))]);
}

/**
 * The back office's one CSV exporter, for every list that exports: react-admin's default writes
 * cells as they are, so a value like `=cmd|' /C calc'!A0` would run as a formula in a spreadsheet;
 * this one defuses them exactly as the services' own CSV files do.
 */
export const csvExporter: Exporter = (records, _fetchRelated, _dataProvider, resource) => {
  downloadCSV(recordsCsv(records), resource ?? 'export');
};
