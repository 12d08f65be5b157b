import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatEuro } from '../../format';
import { dataText, type Offer } from './offers';

/** What the supplier sells, as the dialogs show it above their fields: the package is made or checked against these. */
export function OfferFacts({ offer }: { offer: Offer }) {
  const translate = useTranslate();
  const facts: Array<[string, string]> = [
    [
      'app.supplier_offers.supplier',
      translate(`app.supplier_offers.suppliers.${offer.supplier}`, { _: offer.supplier }),
    ],
    ['app.supplier_offers.supplier_package_id', offer.supplier_package_id],
    ['app.supplier_offers.countries', offer.countries.join(', ')],
    ['app.admin_packages.data', dataText(offer.data_mb, translate('app.admin_packages.unlimited'))],
    ['app.admin_packages.validity', translate('app.admin_packages.days', { smart_count: offer.validity_days })],
    ['app.supplier_offers.net_cost', formatEuro(offer.net_cost)],
  ];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 500, mb: 1 }}>
        {offer.name}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.5 },
          m: 0,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{translate(label)}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
