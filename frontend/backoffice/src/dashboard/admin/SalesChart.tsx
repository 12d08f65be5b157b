import { Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatCents, formatChartDay } from '../../format';
import { BarSpark } from '../BarSpark';
import { useAdminSales } from './useAdminFigures';
import { LoadFailed } from '../../layout/LoadFailed';

/** Sales of the last 30 (Istanbul) days, eSIM and Plus stacked; drawn without a charting library, like the dealer's spend chart. */
export default function SalesChart() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, refetch } = useAdminSales();
  const bars = useMemo(
    () =>
      (data?.by_day ?? []).map((day) => ({
        label: formatChartDay(day.date, locale),
        values: [day.esim_cents, day.plus_cents],
      })),
    [data, locale],
  );
  const empty = data ? data.by_day.every((day) => day.total_cents === 0) : false;
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={translate('app.admin_home.sales_chart')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        {error ? (
          <LoadFailed onRetry={refetch} />
        ) : !data ? (
          <Skeleton variant="rectangular" height={260} />
        ) : empty ? (
          <Typography color="text.secondary">{translate('app.admin_home.sales_chart_empty')}</Typography>
        ) : (
          <BarSpark
            data={bars}
            series={[translate('app.admin_home.esim'), translate('app.admin_home.plus')]}
            format={formatCents}
            height={260}
          />
        )}
      </CardContent>
    </Card>
  );
}
