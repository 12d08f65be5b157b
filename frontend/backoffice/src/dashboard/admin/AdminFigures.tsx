import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import TodayIcon from '@mui/icons-material/Today';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Grid } from '@mui/material';
import type { ComponentProps } from 'react';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { usePendingCount } from '../../providers/pendingCounts';
import { StatCard } from '../StatCard';
import { PausedPackages } from './PausedPackages';
import { useAdminSales, useCashHeld, useDealerDebt } from './useAdminFigures';

const cell = { xs: 12, sm: 6, lg: 3 } as const;

/** A figure read on its own: a skeleton while it loads, a dash when it failed, else its value and hint. */
function FigureCard<T>({
  figure,
  value,
  hint,
  ...card
}: Omit<ComponentProps<typeof StatCard>, 'value' | 'hint'> & {
  figure: { data?: T; error: unknown };
  value: (data: T) => string;
  hint: (data: T) => string;
}) {
  return (
    <StatCard
      {...card}
      value={figure.error ? '—' : figure.data ? value(figure.data) : undefined}
      hint={figure.data ? hint(figure.data) : undefined}
    />
  );
}

/** The admin's figures, each fetched on its own and linked to the list behind it. */
export function AdminFigures() {
  const translate = useTranslate();
  const deposits = usePendingCount('admin/deposits', { status: 'pending' });
  const orders = usePendingCount('admin/physical-sim-orders');
  const returns = usePendingCount('admin/physical-sim-returns');
  const sales = useAdminSales();
  const debt = useDealerDebt();
  const cash = useCashHeld();
  const split = (figure: { esim_cents: number; plus_cents: number }) =>
    translate('app.admin_home.sales_split', {
      esim: formatCents(figure.esim_cents),
      plus: formatCents(figure.plus_cents),
    });
  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <StatCard
          icon={AccountBalanceIcon}
          label={translate('app.admin_home.pending_deposits')}
          value={deposits}
          to="/admin/deposits"
        />
      </Grid>
      <Grid size={cell}>
        <FigureCard
          icon={TodayIcon}
          label={translate('app.admin_home.sales_today')}
          figure={sales}
          value={(d) => formatCents(d.today.total_cents)}
          hint={(d) => split(d.today)}
          to="/orders"
        />
      </Grid>
      <Grid size={cell}>
        <FigureCard
          icon={TrendingUpIcon}
          label={translate('app.admin_home.sales_month')}
          figure={sales}
          value={(d) => formatCents(d.this_month.total_cents)}
          hint={(d) => split(d.this_month)}
          to="/orders"
        />
      </Grid>
      <Grid size={cell}>
        <FigureCard
          icon={PeopleIcon}
          label={translate('app.admin_home.dealer_debt')}
          figure={debt}
          value={(d) => formatCents(d.cents)}
          hint={(d) => translate('app.admin_home.dealer_debt_hint', { smart_count: d.count })}
          to="/admin/dealers"
        />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={ShoppingCartIcon}
          label={translate('app.admin_home.pending_orders')}
          value={orders}
          to="/admin/physical-sim-orders"
        />
      </Grid>
      <Grid size={cell}>
        <StatCard
          icon={KeyboardReturnIcon}
          label={translate('app.admin_home.pending_returns')}
          value={returns}
          to="/admin/physical-sim-returns"
        />
      </Grid>
      <Grid size={cell}>
        <FigureCard
          icon={PaymentsIcon}
          label={translate('app.admin_home.cash_held')}
          figure={cash}
          value={(d) => formatCents(d.cents)}
          hint={(d) => translate('app.admin_home.cash_held_hint', { smart_count: d.count })}
          to="/admin/sales-managers"
        />
      </Grid>
      <Grid size={cell}>
        <PausedPackages />
      </Grid>
    </Grid>
  );
}
