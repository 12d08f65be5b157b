import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import TodayIcon from '@mui/icons-material/Today';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Grid } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { usePendingCount } from '../../providers/pendingCounts';
import { StatCard } from '../StatCard';
import { useAdminSales, useCashHeld, useDealerDebt } from './useAdminFigures';

const cell = { xs: 12, sm: 6, lg: 3 } as const;
const errorText = '—';

/** The admin's figures, each fetched on its own and linked to the list behind it. */
export function AdminFigures() {
  const translate = useTranslate();
  const topUps = usePendingCount('admin/top-ups', { status: 'pending' });
  const orders = usePendingCount('admin/physical-sim-orders');
  const returns = usePendingCount('admin/physical-sim-returns');
  const sales = useAdminSales();
  const debt = useDealerDebt();
  const cash = useCashHeld();
  const split = (figure: { esim_cents: number; plus_cents: number }) => translate('app.admin_home.sales_split', { esim: formatCents(figure.esim_cents), plus: formatCents(figure.plus_cents) });
  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <StatCard icon={AccountBalanceIcon} label={translate('app.admin_home.pending_top_ups')} value={topUps} to="/admin/top-ups" />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={TodayIcon}
          label={translate('app.admin_home.sales_today')}
          value={sales.error ? errorText : sales.data ? formatCents(sales.data.today.total_cents) : undefined}
          hint={sales.data ? split(sales.data.today) : undefined}
          to="/orders"
        />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={TrendingUpIcon}
          label={translate('app.admin_home.sales_month')}
          value={sales.error ? errorText : sales.data ? formatCents(sales.data.this_month.total_cents) : undefined}
          hint={sales.data ? split(sales.data.this_month) : undefined}
          to="/orders"
        />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={PeopleIcon}
          label={translate('app.admin_home.dealer_debt')}
          value={debt.error ? errorText : debt.data ? formatCents(debt.data.cents) : undefined}
          hint={debt.data ? translate('app.admin_home.dealer_debt_hint', { smart_count: debt.data.owing }) : undefined}
          to="/admin/dealers"
        />
      </Grid>
      <Grid size={cell}>
        <StatCard icon={ShoppingCartIcon} label={translate('app.admin_home.pending_orders')} value={orders} to="/admin/physical-sim-orders" />
      </Grid>
      <Grid size={cell}>
        <StatCard icon={KeyboardReturnIcon} label={translate('app.admin_home.pending_returns')} value={returns} to="/admin/physical-sim-returns" />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={PaymentsIcon}
          label={translate('app.admin_home.cash_held')}
          value={cash.error ? errorText : cash.data ? formatCents(cash.data.cents) : undefined}
          hint={cash.data ? translate('app.admin_home.cash_held_hint', { smart_count: cash.data.holding }) : undefined}
          to="/admin/sales-managers"
        />
      </Grid>
    </Grid>
  );
}
