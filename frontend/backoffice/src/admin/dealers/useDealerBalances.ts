import type { DealerBalance } from '@esim/contracts';
import { useFiguresByIds } from '../../providers/figuresByIds';

export const DEALER_BALANCES_KEY = ['admin', 'dealer-balances'] as const;

/** The balance service's figures of the dealers on screen (one call per page of the list), by dealer id. */
export const useDealerBalances = (ids: readonly string[]) =>
  useFiguresByIds<DealerBalance>({
    key: DEALER_BALANCES_KEY,
    path: 'admin/dealers/balances',
    idOf: (row) => row.dealer_id,
    ids,
  });
