import { Box, CircularProgress, Typography } from '@mui/material';

/** The used share of an eSIM's data as a ring with the percentage inside. */
export function UsageRing({ percentage, size = 56, label }: { percentage: number; size?: number; label?: string }) {
  const color = percentage >= 90 ? 'error' : percentage >= 70 ? 'warning' : 'primary';
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }} role="img" aria-label={label ?? `${percentage}%`}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={size}
        sx={{ color: 'action.hover', position: 'absolute' }}
      />
      <CircularProgress variant="determinate" value={percentage} size={size} color={color} />
      <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="caption" component="span" sx={{ fontWeight: 500 }}>
          {percentage}%
        </Typography>
      </Box>
    </Box>
  );
}
