import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EsimOrder, EsimProfile } from '../checkout/types';
import { bytesText } from './format';
import { topUpPath } from './OrderTopUp';

/** The checkout's word about an active eSIM already covering the country, with the way to top it up instead of buying another. */
export function CheckoutTopUpOffer({
  order,
  esim,
  packageId,
}: {
  order: EsimOrder;
  esim: EsimProfile;
  packageId: string;
}) {
  const { t, i18n } = useTranslation('shop');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="checkout-top-up-offer">
      {t('checkout.activeWarning', {
        name: order.package.name,
        remaining: bytesText(esim.usage.remaining_bytes, i18n.resolvedLanguage),
      })}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('topUp.guard')}
      </Typography>
      <Button
        component={RouterLink}
        to={topUpPath(order.id, esim.iccid, packageId)}
        variant="outlined"
        color="inherit"
        size="small"
        sx={{ mt: 1 }}
      >
        {t('topUp.guardAction')}
      </Button>
    </Alert>
  );
}
