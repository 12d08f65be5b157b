import { Grid } from '@mui/material';
import { lazy, Suspense } from 'react';
import { USER_TYPE } from '@esim/contracts';
import { Loading, useGetIdentity, usePermissions } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { BalanceFigures } from './BalanceFigures';
import { HomePage } from './HomePage';
import { RecentOrders } from './RecentOrders';
import { ActiveEsims } from './ActiveEsims';
import { PendingPlusOrders } from './dealer/PendingPlusOrders';
import { usePendingPlusOrders } from './dealer/usePendingPlusOrders';

// The chart is a chunk of its own, fetched while the figures render, so the page's first script does not carry it.
const SpendChart = lazy(() => import('./SpendChart'));
// An admin's home is its own chunk: customers and dealers never download it.
const AdminHome = lazy(() => import('./admin/AdminHome'));

/** A dealer's home: its pending Plus orders beside the figure that sums them, then its eSIM orders. */
function DealerHome() {
  const pending = usePendingPlusOrders();
  return (
    <HomePage figures={<BalanceFigures pendingOrders={pending} />}>
      <Grid size={{ xs: 12, md: 6 }}>
        <PendingPlusOrders pending={pending} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RecentOrders esimOnly />
      </Grid>
      <Grid size={12}>
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

/** Home of customers and dealers; an admin's home is AdminHome, a sales manager's their dealer list. */
export function Dashboard() {
  const { permissions: role, isPending } = usePermissions<string>();
  const { identity, isPending: identityPending } = useGetIdentity();
  if (isPending || identityPending) return <Loading />;
  if (role === 'sales-manager') return <Navigate to="/sales-manager/dealers" replace />;
  if (role === 'admin')
    return (
      <Suspense fallback={<Loading />}>
        <AdminHome />
      </Suspense>
    );
  if (identity?.userType === USER_TYPE.dealer) return <DealerHome />;
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
