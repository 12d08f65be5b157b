import { useQuery } from '@tanstack/react-query';
import { useDataProvider, usePermissions } from 'react-admin';
import { FIGURES_KEY, FIGURES_REFRESH_MS } from './figures';

/**
 * How many rows of an admin list wait for someone (deposits to confirm, new messages, Plus orders and
 * returns to approve): the list's total for one row, polled with the figures every 30 s and on each
 * route change (the figures' key), so a badge is never older than the balance beside it.
 */
export function usePendingCount(
  resource: string | undefined,
  filter: Record<string, unknown> = {},
): number | undefined {
  const dataProvider = useDataProvider();
  const { permissions: role } = usePermissions<string>();
  const enabled = role === 'admin' && resource !== undefined;
  const { data } = useQuery({
    queryKey: [...FIGURES_KEY, 'pending', resource, filter],
    queryFn: async () =>
      (
        await dataProvider.getList(resource!, {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'created_at', order: 'DESC' },
          filter,
        })
      ).total ?? 0,
    enabled,
    refetchInterval: enabled ? FIGURES_REFRESH_MS : false,
  });
  return data;
}
