import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

export interface DealerBalance {
  dealer_id: string;
  balance: number;
  balance_cents: number;
  available_cents: number;
  held_cents: number;
  owed: number;
  owed_cents: number;
}

export const DEALER_BALANCES_KEY = ['admin', 'dealer-balances'] as const;

/** The balance service's figures of the dealers on screen (one call per page of the list), by dealer id. */
export function useDealerBalances(ids: readonly string[]) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: [...DEALER_BALANCES_KEY, sorted.join(',')],
    enabled: sorted.length > 0,
    queryFn: async () => {
      const rows = await dataProvider.read<DealerBalance[]>('admin/dealers/balances', { ids: sorted.join(',') });
      return new Map(rows.map((row) => [row.dealer_id, row]));
    },
  });
}
