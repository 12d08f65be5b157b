import { Alert, Button, Grid } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useBalanceSettings } from './shopSettings';

/**
 * Says when the account customers transfer deposits to is not a real one: in production they are then
 * shown no bank details and cannot ask for a bank deposit; in demo mode the placeholder is shown.
 */
export function BankDetailsWarning() {
  const translate = useTranslate();
  const { data: settings } = useBalanceSettings();
  if (!settings || settings.iban_valid) return null;
  return (
    <Alert severity="warning">
      {translate(settings.bank_details_shown ? 'app.shop_settings.iban_placeholder' : 'app.shop_settings.bank_hidden')}
    </Alert>
  );
}

/** The admin home's panel of it, only while customers are shown no bank details (production), with the way to the settings. */
export function HomeBankDetailsWarning() {
  const translate = useTranslate();
  const { data: settings } = useBalanceSettings();
  if (!settings || settings.bank_details_shown) return null;
  return (
    <Grid size={12}>
      <Alert
        severity="warning"
        action={
          <Button component={Link} to="/admin/shop-settings" color="inherit" size="small">
            {translate('app.menu.admin_shop_settings')}
          </Button>
        }
      >
        {translate('app.shop_settings.bank_hidden')}
      </Alert>
    </Grid>
  );
}
