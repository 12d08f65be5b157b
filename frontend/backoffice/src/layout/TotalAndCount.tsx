import { Stack, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** The sum and the number of the collections a screen covers, side by side. */
export function TotalAndCount({
  total,
  count,
  size,
  totalTestId,
  sx,
}: {
  total: ReactNode;
  count: number;
  size: 'h5' | 'h6';
  totalTestId: string;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={4} sx={sx}>
      <div>
        <Typography variant="body2" color="text.secondary">
          {translate('app.collection.total')}
        </Typography>
        <Typography variant={size} data-testid={totalTestId}>
          {total}
        </Typography>
      </div>
      <div>
        <Typography variant="body2" color="text.secondary">
          {translate('app.collection.count')}
        </Typography>
        <Typography variant={size}>{count}</Typography>
      </div>
    </Stack>
  );
}
