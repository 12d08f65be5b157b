import { Box, Tooltip, useTheme } from '@mui/material';

/** One bar: its label and a value per series (stacked bottom up in the series' order). */
export interface SparkBar {
  label: string;
  values: readonly number[];
}

/**
 * A small bar chart drawn with plain boxes: the home pages' charts without a charting library, so
 * the first screen stays inside its JavaScript budget (recharts loads only with the reports).
 * Several series stack, coloured primary then secondary, with a legend naming them.
 */
export function BarSpark({
  data,
  series = [],
  format,
  height = 200,
}: {
  data: readonly SparkBar[];
  series?: readonly string[];
  format: (value: number) => string;
  height?: number;
}) {
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main];
  const sum = (bar: SparkBar) => bar.values.reduce((total, value) => total + value, 0);
  const max = Math.max(...data.map(sum), 0);
  const width = 100 / Math.max(data.length, 1);
  const text = (bar: SparkBar) =>
    series.length > 1
      ? `${bar.label}: ${bar.values.map((value, i) => `${series[i]} ${format(value)}`).join(' · ')}`
      : `${bar.label}: ${format(sum(bar))}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height }}>
      {/* The tallest bar's figure: the scale the others are read against. */}
      <Box sx={{ typography: 'caption', color: 'text.secondary', pb: 0.5 }}>{max > 0 ? format(max) : null}</Box>
      <Box
        sx={{ flex: 1, display: 'flex', alignItems: 'flex-end', gap: '2px', borderBottom: 1, borderColor: 'divider' }}
        role="img"
        aria-label={data.map(text).join(', ')}
      >
        {data.map((bar) => (
          <Tooltip key={bar.label} title={text(bar)}>
            <Box
              sx={{
                width: `${width}%`,
                height: max === 0 ? 0 : `${Math.max((sum(bar) / max) * 100, sum(bar) > 0 ? 2 : 0)}%`,
                display: 'flex',
                flexDirection: 'column-reverse',
                borderRadius: '3px 3px 0 0',
                overflow: 'hidden',
              }}
            >
              {bar.values.map((value, i) => (
                <Box key={i} sx={{ flex: value, bgcolor: colors[i % colors.length] }} />
              ))}
            </Box>
          </Tooltip>
        ))}
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 2,
          typography: 'caption',
          color: 'text.secondary',
          pt: 0.5,
        }}
      >
        <span>{data[0]?.label}</span>
        {series.length > 1 ? (
          <Box component="span" sx={{ display: 'flex', gap: 1.5 }}>
            {series.map((name, i) => (
              <Box component="span" key={name} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <Box
                  component="span"
                  sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: colors[i % colors.length] }}
                />
                {name}
              </Box>
            ))}
          </Box>
        ) : null}
        <span>{data[data.length - 1]?.label}</span>
      </Box>
    </Box>
  );
}
