import { Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { UserSpend } from '@esim/contracts';
import { formatChartDay, formatEuro } from '../format';
import { useFigure } from '../providers/figures';
import { BarSpark } from './BarSpark';
import { LoadFailed } from '../layout/LoadFailed';

/**
 * Purchases of the last 30 (Istanbul) days per day: GET /user/balance/spend sums them on the server,
 * every purchase counted however many there are, each day listed; refreshed with the other figures.
 */
export default function SpendChart() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, refetch } = useFigure<UserSpend>('user/balance/spend');
  const series = useMemo(
    () => (data?.by_day ?? []).map((day) => ({ label: formatChartDay(day.date, locale), values: [day.total] })),
    [data, locale],
  );
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={translate('app.dashboard.spend_chart')}
        titleTypographyProps={{ variant: 'h6' }}
        subheader={
          data && data.count > 0
            ? translate('app.dashboard.spend_chart_total', { total: formatEuro(data.total), smart_count: data.count })
            : undefined
        }
      />
      <CardContent>
        {error ? (
          <LoadFailed onRetry={refetch} />
        ) : !data ? (
          <Skeleton variant="rectangular" height={220} />
        ) : data.count === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.spend_chart_empty')}</Typography>
        ) : (
          <BarSpark data={series} format={formatEuro} height={220} />
        )}
      </CardContent>
    </Card>
  );
}
