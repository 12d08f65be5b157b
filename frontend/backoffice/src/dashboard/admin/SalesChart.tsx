import { Alert, Card, CardContent, CardHeader, Skeleton, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents, formatChartDay } from '../../format';
import { useAdminSales } from './useAdminFigures';

/** Sales of the last 30 (Istanbul) days, eSIM and Plus stacked; recharts loads only with the admin's home. */
export default function SalesChart() {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const { data, error } = useAdminSales();
  const series = useMemo(() => (data?.by_day ?? []).map((day) => ({ day: day.date, esim: day.esim_cents, plus: day.plus_cents })), [data]);
  const empty = data ? data.by_day.every((day) => day.total_cents === 0) : false;
  const esim = translate('app.admin_home.esim');
  const plus = translate('app.admin_home.plus');
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={translate('app.admin_home.sales_chart')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        {error ? (
          <Alert severity="error">{translate('app.common.load_failed')}</Alert>
        ) : !data ? (
          <Skeleton variant="rectangular" height={260} />
        ) : empty ? (
          <Typography color="text.secondary">{translate('app.admin_home.sales_chart_empty')}</Typography>
        ) : (
          <ResponsiveContainer width="100%" height={260}>
            <BarChart data={series} margin={{ left: 8, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
              <XAxis dataKey="day" tickFormatter={(day: string) => formatChartDay(day, locale)} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} minTickGap={16} />
              <YAxis tickFormatter={(cents: number) => formatCents(cents)} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} width={90} />
              <Tooltip formatter={(cents) => formatCents(Number(cents))} labelFormatter={(day) => formatChartDay(String(day), locale)} contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }} />
              <Legend />
              <Bar dataKey="esim" name={esim} stackId="sales" fill={theme.palette.primary.main} />
              <Bar dataKey="plus" name={plus} stackId="sales" fill={theme.palette.secondary.main} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}
