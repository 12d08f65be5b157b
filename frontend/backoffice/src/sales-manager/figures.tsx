import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import TodayIcon from '@mui/icons-material/Today';
import { Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { StatCard } from '../dashboard/StatCard';
import { formatCents, formatEuro } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import type { SalesManagerBalance } from '@esim/contracts';

/** GET /sales-manager/balance: the caller's figures and what each dealer owes (contracts' shape). */
export type SalesManagerFigures = SalesManagerBalance;

export const SALES_MANAGER_FIGURES_KEY = ['sales-manager', 'balance'] as const;

/** The sales manager's own figures (cash held, collected, what the dealers owe): /sales-manager/balance. */
export function useSalesManagerFigures() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<SalesManagerFigures>({
    queryKey: SALES_MANAGER_FIGURES_KEY,
    queryFn: () => dataProvider.read('sales-manager/balance'),
  });
}

export function SalesManagerFigureCards() {
  const translate = useTranslate();
  const { data } = useSalesManagerFigures();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 3 }}>
        <StatCard
          icon={AccountBalanceWalletIcon}
          label={translate('app.sm.cash_held')}
          value={data ? formatEuro(data.cash_held) : undefined}
          hint={translate('app.sm.cash_held_hint')}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <StatCard
          icon={TodayIcon}
          label={translate('app.sm.collected_today')}
          value={data ? formatCents(data.collected_today_cents) : undefined}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <StatCard
          icon={PaymentsIcon}
          label={translate('app.sm.collected_this_month')}
          value={data ? formatCents(data.collected_this_month_cents) : undefined}
          to="/sales-manager/collection"
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <StatCard
          icon={PeopleIcon}
          label={translate('app.sm.outstanding')}
          value={data ? formatEuro(data.outstanding) : undefined}
          hint={translate('app.sm.dealer_count', { smart_count: data?.dealer_count ?? 0 })}
        />
      </Grid>
    </Grid>
  );
}
