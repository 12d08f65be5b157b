import type { SalesManagerFigures } from '@esim/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

export const SALES_MANAGER_BALANCES_KEY = ['admin', 'sales-manager-balances'] as const;

/** The cash figures of the sales managers on screen (one call per page of the list), by id. */
export function useSalesManagerBalances(ids: readonly string[]) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: [...SALES_MANAGER_BALANCES_KEY, sorted.join(',')],
    enabled: sorted.length > 0,
    queryFn: async () => {
      const rows = await dataProvider.read<SalesManagerFigures[]>('admin/sales-managers/balances', { ids: sorted.join(',') });
      return new Map(rows.map((row) => [row.sales_manager_id, row]));
    },
  });
}
