import { Card, CardContent, CardHeader, Skeleton, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { formatEuro, istanbulDay } from '../format';
import { BarSpark } from './BarSpark';

const DAYS = 30;

/** Purchases of the last 30 days per day, from the transactions list (filtered on the server by type and dates). */
export default function SpendChart() {
  const translate = useTranslate();
  const today = new Date();
  const start = istanbulDay(new Date(today.getTime() - (DAYS - 1) * 86_400_000));
  const { data, isPending } = useGetList('transactions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'created_at', order: 'ASC' },
    filter: { type: 'purchase', start_date: start, end_date: istanbulDay(today) },
  });
  const series = useMemo(() => {
    const byDay = new Map<string, number>();
    for (let i = DAYS - 1; i >= 0; i--) byDay.set(istanbulDay(new Date(today.getTime() - i * 86_400_000)), 0);
    for (const row of data ?? []) {
      const day = istanbulDay(new Date(row.created_at));
      byDay.set(day, (byDay.get(day) ?? 0) + Math.abs(row.amount_cents) / 100);
    }
    return [...byDay].map(([day, spent]) => ({ label: day.slice(5), value: spent }));
  }, [data]);
  const empty = !isPending && (data?.length ?? 0) === 0;
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={translate('app.dashboard.spend_chart')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        {isPending ? (
          <Skeleton variant="rectangular" height={220} />
        ) : empty ? (
          <Typography color="text.secondary">{translate('app.dashboard.spend_chart_empty')}</Typography>
        ) : (
          <BarSpark data={series} format={formatEuro} height={220} />
        )}
      </CardContent>
    </Card>
  );
}
