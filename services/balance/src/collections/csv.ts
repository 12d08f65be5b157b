import { csvText } from '@esim/contracts';
import type { CollectionKind, CollectionLog } from './collections';

/**
 * The collection logs as a spreadsheet: Turkish headers, Istanbul time, amounts with two decimals
 * and a dot (machine-readable in every locale). A UTF-8 byte-order mark lets Excel read the
 * Turkish letters; cells that a spreadsheet would run as a formula are defused (contracts' csvText).
 */
const KIND_LABELS: Record<CollectionKind, string> = {
  'dealer-to-sales-manager': 'Bayiden tahsilat',
  'sales-manager-to-company': 'Satış müdüründen tahsilat',
};

const HEADERS = ['Tarih', 'Tür', 'Bayi', 'Satış Müdürü', 'Tutar (EUR)', 'Tahsil Eden', 'Not', 'Kayıt No'];

export function amountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function collectionLogsCsv(logs: readonly CollectionLog[]): string {
  const rows = logs.map((log) => [
    log.local_time,
    KIND_LABELS[log.kind],
    log.dealer_name ?? '',
    log.sales_manager_name,
    amountText(log.amount_cents),
    log.collected_by_name,
    log.note ?? '',
    String(log.id),
  ]);
  return csvText([HEADERS, ...rows]);
}
