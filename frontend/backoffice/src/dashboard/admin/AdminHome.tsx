import { Grid } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { HomePage } from '../HomePage';
import { AdminFigures } from './AdminFigures';
import { LowStock } from './LowStock';

// The chart (recharts) loads after the figures paint.
const SalesChart = lazy(() => import('./SalesChart'));

/** The admin's home: what waits for a decision, sales, money out with dealers and sales managers, stock running low. */
export default function AdminHome() {
  return (
    <HomePage figures={<AdminFigures />}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Suspense fallback={<Loading />}>
          <SalesChart />
        </Suspense>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <LowStock />
      </Grid>
    </HomePage>
  );
}
