import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatChartDay, formatEuro } from '../../format';
import type { CollectionReport } from '@esim/contracts';

/** Collected per day (recharts loads only with the report). */
export default function CollectionChart({ days }: { days: CollectionReport['by_day'] }) {
  const theme = useTheme();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <div style={{ width: '100%', height: 240 }}>
      <ResponsiveContainer>
        <BarChart data={days.map((d) => ({ day: d.date, total: d.total }))}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis
            dataKey="day"
            tickFormatter={(day: string) => formatChartDay(day, locale)}
            tick={{ fontSize: 11, fill: theme.palette.text.secondary }}
          />
          <YAxis tick={{ fontSize: 11, fill: theme.palette.text.secondary }} width={48} />
          <Tooltip
            formatter={(value) => formatEuro(Number(value))}
            labelFormatter={(day) => formatChartDay(String(day), locale)}
          />
          <Bar
            dataKey="total"
            name={translate('app.collection.total')}
            fill={theme.palette.primary.main}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
