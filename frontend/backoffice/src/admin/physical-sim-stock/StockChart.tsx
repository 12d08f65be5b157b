import { useTheme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatChartDay } from '../../format';

export interface StockDay {
  date: string;
  imported: number;
  transferred: number;
  sold: number;
  returned: number;
}

/** Cards imported, transferred, sold and returned per day. */
export default function StockChart({ days }: { days: readonly StockDay[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const bars = [
    ['imported', theme.palette.primary.main],
    ['transferred', theme.palette.success.main],
    ['sold', theme.palette.warning.main],
    ['returned', theme.palette.error.main],
  ] as const;
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={[...days]} margin={{ left: 0, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis
          dataKey="date"
          tickFormatter={(day: string) => formatChartDay(day, locale)}
          tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
        />
        <YAxis allowDecimals={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} width={40} />
        <Tooltip
          labelFormatter={(day) => formatChartDay(String(day), locale)}
          contentStyle={{ background: theme.palette.background.paper, border: `1px solid ${theme.palette.divider}` }}
        />
        <Legend />
        {bars.map(([key, color]) => (
          <Bar key={key} dataKey={key} name={translate(`app.psim_dashboard.series.${key}`)} fill={color} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
