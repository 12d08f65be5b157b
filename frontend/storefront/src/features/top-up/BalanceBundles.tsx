import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BalanceResult } from '../balance-check/balanceCheck';
import { formatDate } from '../../lib/format';
import { dataText } from './format';

/** The balance check's bundles: the eSIM's own package and each top-up that added to it. */
export function BalanceBundles({ bundles }: { bundles: NonNullable<BalanceResult['bundles']> }) {
  const { t, i18n } = useTranslation('shop');
  const lng = i18n.resolvedLanguage ?? 'tr';
  return (
    <Box sx={{ mt: 2 }} data-testid="balance-bundles">
      <Typography variant="body2" color="text.secondary">
        {t('topUp.bundles')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {bundles.map((bundle, i) => (
          <Box
            component="li"
            key={`${bundle.addedAt}-${i}`}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 1.5,
              py: 0.75,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{bundle.packageName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {bundle.kind === 'initial'
                  ? t('topUp.initial')
                  : t('topUp.added', { date: formatDate(bundle.addedAt, lng) })}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
              {bundle.kind === 'top_up' ? '+' : ''}
              {t('topUp.bundleLine', {
                data: dataText(bundle.dataMb, lng, t('topUp.unlimitedData')),
                days: bundle.validityDays,
              })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
