import { Box, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { EsimTopUpOffer } from '@esim/contracts';
import { formatBytes, formatDate } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

const MB = 1024 * 1024;

/** What an eSIM's data is made of: its own package, then each top-up (shown once it has one). */
export function EsimBundles({ esimId }: { esimId: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { data } = useQuery<EsimTopUpOffer>({
    queryKey: ['esim-bundles', esimId],
    queryFn: () => dataProvider.read(`user/esim/${encodeURIComponent(esimId)}/top-ups`),
    retry: false,
  });
  if (!data || data.bundles.length < 2) return null;
  return (
    <Box data-testid="esim-bundles">
      <Typography variant="subtitle2">{translate('app.orders.bundles')}</Typography>
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.bundles.map((bundle) => (
          <Stack
            component="li"
            key={bundle.order_id}
            direction="row"
            justifyContent="space-between"
            spacing={1}
            sx={{ py: 0.5, borderTop: 1, borderColor: 'divider' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {bundle.package_name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {bundle.kind === 'initial'
                  ? translate('app.orders.bundle_initial')
                  : translate('app.orders.bundle_top_up', { date: formatDate(bundle.added_at) })}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {bundle.kind === 'top_up' ? '+' : ''}
              {translate('app.orders.bundle_line', {
                data:
                  bundle.data_mb === null ? translate('app.orders.bundle_unlimited') : formatBytes(bundle.data_mb * MB),
                days: bundle.validity_days,
              })}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
