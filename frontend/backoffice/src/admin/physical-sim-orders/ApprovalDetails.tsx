import { Card, CardContent, CardHeader, Grid, Stack, Typography } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ApprovalStatusChip } from './ApprovalStatusChip';
import { DetailsTable } from '../../layout/DetailsTable';

/**
 * The page of one request an admin decides on (a Plus order, a card return): its heading and status,
 * the decision while it is pending, its details beside the cards it concerns.
 */
export function ApprovalDetails({
  heading,
  status,
  decision,
  rows,
  cardCount,
  cards,
}: {
  heading: string;
  status: string;
  decision: ReactNode;
  rows: ComponentProps<typeof DetailsTable>['rows'];
  cardCount: number;
  cards: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {heading}
        </Typography>
        <ApprovalStatusChip status={status} />
      </Stack>
      {decision}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <DetailsTable rows={rows} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardHeader
              title={translate('app.psim_approvals.cards', { smart_count: cardCount })}
              titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
            />
            <CardContent sx={{ pt: 0, overflowX: 'auto' }}>{cards}</CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}
