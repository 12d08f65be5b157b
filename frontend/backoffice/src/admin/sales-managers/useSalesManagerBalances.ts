import type { SalesManagerFigures } from '@esim/contracts';
import { useFiguresByIds } from '../../providers/figuresByIds';

export const SALES_MANAGER_BALANCES_KEY = ['admin', 'sales-manager-balances'] as const;

/** The cash figures of the sales managers on screen (one call per page of the list), by id. */
export const useSalesManagerBalances = (ids: readonly string[]) =>
  useFiguresByIds<SalesManagerFigures>({
    key: SALES_MANAGER_BALANCES_KEY,
    path: 'admin/sales-managers/balances',
    idOf: (row) => row.sales_manager_id,
    ids,
  });
