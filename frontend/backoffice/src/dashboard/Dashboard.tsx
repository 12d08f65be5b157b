import { Grid } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { BalanceFigures } from './BalanceFigures';
import { HomePage } from './HomePage';
import { RecentOrders } from './RecentOrders';
import { ActiveEsims } from './ActiveEsims';

// The chart loads after the figures paint.
const SpendChart = lazy(() => import('./SpendChart'));
// An admin's home is its own chunk: customers and dealers never download it.
const AdminHome = lazy(() => import('./admin/AdminHome'));

/** Home of customers and dealers; an admin's home is AdminHome, a sales manager's their dealer list. */
export function Dashboard() {
  const { permissions: role, isPending } = usePermissions<string>();
  if (isPending) return <Loading />;
  if (role === 'sales-manager') return <Navigate to="/sales-manager/dealers" replace />;
  if (role === 'admin')
    return (
      <Suspense fallback={<Loading />}>
        <AdminHome />
      </Suspense>
    );
  return (
    <HomePage figures={<BalanceFigures />}>
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
    </HomePage>
  );
}
