import type { AdminSales } from '@esim/contracts';
import { useFigure } from '../../providers/figures';

/** GET /admin/esim/pool/stock: one row per package. */
export interface PoolStockRow {
  package_code: string;
  package_name_tr: string | null;
  package_name_en: string | null;
  available: number;
  threshold: number;
  low: boolean;
}

export const useAdminSales = () => useFigure<AdminSales>('admin/sales');
export const usePoolStock = () => useFigure<PoolStockRow[]>('admin/esim/pool/stock');

/** A sum over every account a balance figures list answers, and how many accounts add to it. */
function useTotalOver<T>(path: string, centsOf: (row: T) => number) {
  const { data, error } = useFigure<T[]>(path);
  return {
    error,
    data: data
      ? {
          cents: data.reduce((sum, row) => sum + centsOf(row), 0),
          count: data.filter((row) => centsOf(row) > 0).length,
        }
      : undefined,
  };
}

/** What dealers owe for balance loaded on credit, summed over every dealer the balance service knows (a dealer in credit owes nothing). */
export const useDealerDebt = () =>
  useTotalOver<{ owed_cents: number }>('admin/dealers/balances', (d) => Math.max(d.owed_cents, 0));

/** Cash sales managers collected from dealers and have not handed over yet. */
export const useCashHeld = () =>
  useTotalOver<{ cash_held_cents: number }>('admin/sales-managers/balances', (m) => m.cash_held_cents);
