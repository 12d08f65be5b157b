import { Grid, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** A role's home: the welcome, its figures, then its panels (Grid items) below. */
export function HomePage({ figures, children }: { figures: ReactNode; children: ReactNode }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.dashboard')} />
      <Typography variant="h5" component="h1">
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      {figures}
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Stack>
  );
}
