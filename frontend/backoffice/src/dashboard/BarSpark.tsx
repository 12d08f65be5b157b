import { Box, Tooltip, useTheme } from '@mui/material';

/**
 * A small bar chart in plain SVG: the home page's spend chart without a charting library, so the
 * dealer's first screen stays inside its JavaScript budget (recharts loads only with the collection report).
 */
export function BarSpark({ data, format, height = 200 }: { data: Array<{ label: string; value: number }>; format: (value: number) => string; height?: number }) {
  const theme = useTheme();
  const max = Math.max(...data.map((d) => d.value), 0);
  const width = 100 / Math.max(data.length, 1);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height }}>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'flex-end', gap: '2px', borderBottom: 1, borderColor: 'divider' }} role="img" aria-label={data.map((d) => `${d.label}: ${format(d.value)}`).join(', ')}>
        {data.map((d) => (
          <Tooltip key={d.label} title={`${d.label}: ${format(d.value)}`}>
            <Box
              sx={{
                width: `${width}%`,
                height: max === 0 ? 0 : `${Math.max((d.value / max) * 100, d.value > 0 ? 2 : 0)}%`,
                bgcolor: theme.palette.primary.main,
                borderRadius: '3px 3px 0 0',
              }}
            />
          </Tooltip>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', typography: 'caption', color: 'text.secondary', pt: 0.5 }}>
        <span>{data[0]?.label}</span>
        <span>{data[data.length - 1]?.label}</span>
      </Box>
    </Box>
  );
}
