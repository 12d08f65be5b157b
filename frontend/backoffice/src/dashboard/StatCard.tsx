import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One figure with its label and icon; links to the screen that explains it. */
export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  to,
}: {
  icon: ComponentType<{ color?: 'primary' }>;
  label: string;
  value?: ReactNode;
  hint?: ReactNode;
  to?: string;
}) {
  const content = (
    <CardContent>
      <Stack direction="row" spacing={2} alignItems="center">
        <Icon color="primary" />
        <div style={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 500 }}>
            {value ?? <Skeleton width={100} />}
          </Typography>
          {hint ? (
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          ) : null}
        </div>
      </Stack>
    </CardContent>
  );
  return (
    <Card sx={{ height: '100%' }}>
      {to ? (
        <Link to={to} style={{ color: 'inherit', textDecoration: 'none' }}>
          {content}
        </Link>
      ) : (
        content
      )}
    </Card>
  );
}
