import type { PublicPackage } from './types';

export type SortColumn = 'duration' | 'data' | 'price';
export interface SortState {
  column: SortColumn;
  order: 'asc' | 'desc';
}

const keyOf: Record<SortColumn, (p: PublicPackage) => number> = {
  duration: (p) => p.duration,
  // Unlimited data sorts above any finite allowance (as the catalog does).
  data: (p) => p.data_mb ?? Number.POSITIVE_INFINITY,
  price: (p) => p.price,
};

// Codes are ASCII: compared as they are, not through localeCompare, whose first call loads the
// browser's collation data (a long task while the page's table hydrates).
const byCode = (a: PublicPackage, b: PublicPackage) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** Sorted copy; ties by price then code, so the order never wobbles. */
export function sortPackages<T extends PublicPackage>(packages: readonly T[], sort: SortState): T[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  const key = keyOf[sort.column];
  return [...packages].sort((a, b) => direction * (key(a) - key(b)) || a.price - b.price || byCode(a, b));
}

/** A header click: the same column toggles asc/desc, another column starts ascending. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { column, order: 'asc' };
}
