import { Grid, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Loading, Title, useGetIdentity, useTranslate } from 'react-admin';
import { AdminFigures } from './AdminFigures';
import { LowStock } from './LowStock';

// The chart (recharts) loads after the figures paint.
const SalesChart = lazy(() => import('./SalesChart'));

/** The admin's home: what waits for a decision, sales, money out with dealers and sales managers, stock running low. */
export default function AdminHome() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.dashboard')} />
      <Typography variant="h5" component="h1">
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <AdminFigures />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Suspense fallback={<Loading />}>
            <SalesChart />
          </Suspense>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <LowStock />
        </Grid>
      </Grid>
    </Stack>
  );
}
