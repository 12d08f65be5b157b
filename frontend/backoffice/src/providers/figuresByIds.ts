import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from './dataProvider';

/**
 * The balance service's figures of the accounts on one list page, read in one call and keyed by
 * account id; the ids are sorted so the same page is one cache entry whatever its order.
 */
export function useFiguresByIds<T>({
  key,
  path,
  idOf,
  ids,
}: {
  key: readonly string[];
  path: string;
  idOf: (row: T) => string;
  ids: readonly string[];
}) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: [...key, sorted.join(',')],
    enabled: sorted.length > 0,
    queryFn: async () => {
      const rows = await dataProvider.read<T[]>(path, { ids: sorted.join(',') });
      return new Map(rows.map((row) => [idOf(row), row]));
    },
  });
}
