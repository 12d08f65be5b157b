import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import LockClockIcon from '@mui/icons-material/LockClock';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCents, formatEuro } from '../format';
import { useFigure, type UserDashboardFigures } from '../providers/figures';
import type { PendingPlusOrders } from './dealer/usePendingPlusOrders';
import { StatCard } from './StatCard';
import { LoadFailed } from '../layout/LoadFailed';

/**
 * Balance, held for pending orders, and spend this month: /user/dashboard, refreshed every 30 s and on
 * route change. A dealer's "held" is the sum of the pending Plus orders listed beside it, from that list.
 */
export function BalanceFigures({ pendingOrders }: { pendingOrders?: PendingPlusOrders }) {
  const translate = useTranslate();
  const { data, error, refetch } = useFigure<UserDashboardFigures>('user/dashboard');
  if (error) return <LoadFailed onRetry={refetch} />;
  const held = pendingOrders
    ? {
        value: pendingOrders.isPending || pendingOrders.error ? undefined : formatCents(pendingOrders.heldCents),
        hint:
          [
            pendingOrders.heldCount > 0
              ? translate('app.dashboard.held_for_orders', { smart_count: pendingOrders.heldCount })
              : null,
            pendingOrders.invoiceCents > 0
              ? translate('app.dashboard.invoice_not_held', { amount: formatCents(pendingOrders.invoiceCents) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ') || translate('app.balance.held_hint'),
      }
    : { value: data ? formatCents(data.held_cents) : undefined, hint: translate('app.balance.held_hint') };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard
          icon={AccountBalanceWalletIcon}
          label={translate('app.balance.available')}
          value={data ? formatEuro(data.available) : undefined}
          hint={
            data
              ? [
                  `${translate('app.balance.balance')}: ${formatEuro(data.balance)}`,
                  // A dealer with a credit limit may spend beyond the balance: what is left of it.
                  data.credit_available_cents > 0
                    ? `${translate('app.balance.credit_left')}: ${formatCents(data.credit_available_cents)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
          to="/balance"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard
          icon={LockClockIcon}
          label={translate('app.balance.held')}
          value={held.value}
          hint={held.hint}
          to={pendingOrders ? '/physical-sim-purchase' : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <StatCard
          icon={TrendingDownIcon}
          label={translate('app.dashboard.spent_this_month')}
          value={data ? formatEuro(data.spent_this_month) : undefined}
          to="/transactions"
        />
      </Grid>
    </Grid>
  );
}
