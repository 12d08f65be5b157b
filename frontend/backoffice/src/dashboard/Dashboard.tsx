import { Grid, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading, Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { BalanceFigures } from './BalanceFigures';
import { RecentOrders } from './RecentOrders';
import { ActiveEsims } from './ActiveEsims';

// The chart loads after the figures paint.
const SpendChart = lazy(() => import('./SpendChart'));
// An admin's home is its own chunk: customers and dealers never download it.
const AdminHome = lazy(() => import('./admin/AdminHome'));

/** Home of customers and dealers; an admin's home is AdminHome, a sales manager's their dealer list. */
export function Dashboard() {
  const translate = useTranslate();
  const { permissions: role, isPending } = usePermissions<string>();
  const { identity } = useGetIdentity();
  if (isPending) return <Loading />;
  if (role === 'sales-manager') return <Navigate to="/sales-manager/dealers" replace />;
  if (role === 'admin')
    return (
      <Suspense fallback={<Loading />}>
        <AdminHome />
      </Suspense>
    );
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.dashboard')} />
      <Typography variant="h5" component="h1">
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <BalanceFigures />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentOrders />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ActiveEsims />
        </Grid>
        <Grid size={12}>
          <Suspense fallback={<Loading />}>
            <SpendChart />
          </Suspense>
        </Grid>
      </Grid>
    </Stack>
  );
}
