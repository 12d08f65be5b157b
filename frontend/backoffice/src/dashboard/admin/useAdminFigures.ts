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

/** What dealers owe for balance loaded on credit, summed over every dealer the balance service knows. */
export function useDealerDebt() {
  const { data, error } = useFigure<Array<{ owed_cents: number }>>('admin/dealers/balances');
  return { error, data: data ? { cents: data.reduce((sum, d) => sum + Math.max(d.owed_cents, 0), 0), owing: data.filter((d) => d.owed_cents > 0).length } : undefined };
}

/** Cash sales managers collected from dealers and have not handed over yet. */
export function useCashHeld() {
  const { data, error } = useFigure<Array<{ cash_held_cents: number }>>('admin/sales-managers/balances');
  return { error, data: data ? { cents: data.reduce((sum, m) => sum + m.cash_held_cents, 0), holding: data.filter((m) => m.cash_held_cents > 0).length } : undefined };
}
