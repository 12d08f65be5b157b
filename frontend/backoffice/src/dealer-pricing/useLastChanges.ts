import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

export interface PriceChange {
  id: number;
  package_id: string;
  old_price: number | null;
  new_price: number | null;
  source: 'single' | 'bulk' | 'percentage';
  changed_by: string;
  changed_by_role: string;
  changed_at: string;
}

export const priceHistoryKey = (dealerId: string) => ['admin', 'dealer-price-history', dealerId];

/**
 * The newest price change of each package of a dealer (admin only: the catalog keeps the history),
 * from the last 100 changes: the most a service answers in one page.
 */
export function useLastChanges(dealerId: string, enabled: boolean) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery({
    queryKey: priceHistoryKey(dealerId),
    enabled,
    queryFn: async () => {
      const entries = await dataProvider.read<PriceChange[]>(
        `admin/dealers/${encodeURIComponent(dealerId)}/price-history`,
        { range: '[0,99]', sort: '["changed_at","DESC"]' },
      );
      const last = new Map<string, PriceChange>();
      for (const entry of entries) if (!last.has(entry.package_id)) last.set(entry.package_id, entry);
      return last;
    },
  });
}
