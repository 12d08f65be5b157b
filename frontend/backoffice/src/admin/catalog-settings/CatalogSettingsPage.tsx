import { Grid, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { MarginRuleCard } from './MarginRuleCard';
import { RepriceCard } from './RepriceCard';

/** The admin's catalog pricing settings: the margin rule over suppliers' costs, and repricing from cost by it. */
export default function CatalogSettingsPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.admin_catalog_settings')} />
      <Typography variant="h5" component="h1">
        {translate('app.menu.admin_catalog_settings')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <MarginRuleCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <RepriceCard />
        </Grid>
      </Grid>
    </Stack>
  );
}
