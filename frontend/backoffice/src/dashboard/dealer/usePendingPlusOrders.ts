import type { PhysicalOrder } from '@esim/contracts';
import { useGetList } from 'react-admin';
import { FIGURES_REFRESH_MS } from '../../providers/figures';

/** More pending orders than a dealer places between two approvals. */
const SHOWN = 100;

/**
 * A dealer's Plus orders awaiting approval, and what they hold of the balance: one list query that
 * both the "held" figure and the panel read, so the figure is the sum of the rows shown beside it.
 * An order billed by invoice (no hold) is listed but holds nothing.
 */
export function usePendingPlusOrders() {
  const { data, total, isPending, error, refetch } = useGetList<PhysicalOrder & { id: string }>(
    'physical-sim-orders',
    {
      filter: { status: 'pending' },
      pagination: { page: 1, perPage: SHOWN },
      sort: { field: 'created_at', order: 'DESC' },
    },
    { refetchInterval: FIGURES_REFRESH_MS },
  );
  const orders = data ?? [];
  const held = orders.filter((order) => order.hold_id);
  return {
    orders,
    total: total ?? orders.length,
    isPending,
    error,
    refetch,
    heldCents: held.reduce((sum, order) => sum + order.total_cents, 0),
    heldCount: held.length,
    invoiceCents: orders.filter((order) => !order.hold_id).reduce((sum, order) => sum + order.total_cents, 0),
  };
}

export type PendingPlusOrders = ReturnType<typeof usePendingPlusOrders>;
