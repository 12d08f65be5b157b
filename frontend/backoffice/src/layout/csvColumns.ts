import type { RaRecord } from 'react-admin';
import { accountNameOf } from './AccountName';
import type { CsvColumn } from './csvExporter';

/**
 * Columns several lists' exports share: who a record belongs to by name and e-mail (never the raw
 * account id), and a status in the reader's words.
 */
export const accountColumns = (label: string): CsvColumn[] => [
  { label, value: (r, csv) => accountNameOf(r, csv.translate('app.admin_deposits.unknown_user')) },
  { label: 'app.export.email', value: (r) => r.user_email ?? '' },
];

/** A value in the reader's words (a status, a kind), from the translation key the list's chips use for it. */
export const wordColumn = (
  label: string,
  key: (value: string) => string,
  value: (r: RaRecord) => string = (r) => r.status,
) => ({ label, value: (r, csv) => csv.translate(key(value(r)), { _: value(r) }) }) satisfies CsvColumn;

/** The most ids the balance service names or figures in one call. */
const IDS_PER_CALL = 100;

/** Reads `path` for the records' ids a page of ids at a time, and joins each answer row onto its record. */
export async function joinByIds<T>(
  rows: RaRecord[],
  read: (path: string, query: Record<string, string>) => Promise<T[]>,
  options: { path: string; idOf: (record: RaRecord) => string; keyOf: (row: T) => string; join: (row: T) => object },
): Promise<RaRecord[]> {
  const ids = [...new Set(rows.map(options.idOf).filter(Boolean))];
  const found = new Map<string, T>();
  for (let start = 0; start < ids.length; start += IDS_PER_CALL) {
    const answer = await read(options.path, { ids: ids.slice(start, start + IDS_PER_CALL).join(',') });
    for (const row of answer) found.set(options.keyOf(row), row);
  }
  return rows.map((record) => {
    const row = found.get(options.idOf(record));
    return row ? { ...record, ...options.join(row) } : record;
  });
}
