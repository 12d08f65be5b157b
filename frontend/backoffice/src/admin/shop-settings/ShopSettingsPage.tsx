import { Grid, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { BankDetailsWarning } from './BankDetailsWarning';
import { BankTransferCard } from './BankTransferCard';
import { ReturnsCard } from './ReturnsCard';
import { ShopIdentityCard } from './ShopIdentityCard';
import { InvoiceVatCard } from '../invoices/InvoiceVatCard';

/** The admin's shop settings, each card saved to the service that owns it: the shop's identity (auth), bank transfers (balance), card returns (physical-sim), invoice VAT rates (auth). */
export default function ShopSettingsPage() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.admin_shop_settings')} />
      <Typography variant="h5" component="h1">
        {translate('app.menu.admin_shop_settings')}
      </Typography>
      <BankDetailsWarning />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <ShopIdentityCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <BankTransferCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ReturnsCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <InvoiceVatCard />
        </Grid>
      </Grid>
    </Stack>
  );
}
