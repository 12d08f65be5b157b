import { Card, CardContent, CardHeader, Grid, Stack, Typography } from '@mui/material';
import { Show, useRecordContext, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { ApprovalStatusChip } from '../physical-sim-orders/ApprovalStatusChip';
import { CardsTable } from '../physical-sim-orders/CardsTable';
import { DetailsTable } from '../physical-sim-orders/DetailsTable';
import { dealerOf } from '../physical-sim-orders/orderText';
import { ReturnDecision } from './ReturnDecision';

function ReturnDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {translate('app.psim_approvals.return_title', { dealer: dealerOf(record, translate) })}
        </Typography>
        <ApprovalStatusChip status={record.status} />
      </Stack>
      <ReturnDecision record={record} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <DetailsTable
                rows={[
                  ['app.psim_approvals.dealer', dealerOf(record, translate)],
                  ['app.psim_approvals.return_reason', record.reason],
                  ['app.physical_sim.refund', formatCents(record.refund_cents)],
                  ['app.psim_approvals.requested_at', formatDate(record.created_at)],
                  ['app.psim_approvals.decided_at', record.decided_at ? formatDate(record.decided_at) : null],
                  ['app.psim_approvals.auto_approved', record.auto_approved ? translate('app.psim_approvals.yes') : translate('app.psim_approvals.no')],
                  ['app.psim_approvals.rejection_reason', record.rejection_reason],
                ]}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardHeader title={translate('app.psim_approvals.cards', { smart_count: record.cards.length })} titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }} />
            <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
              <CardsTable cards={record.cards} empty="app.psim_approvals.no_cards_yet" />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One return: the dealer, why, the cards and the refund; the decision while it is pending. */
export default function ReturnShow() {
  const translate = useTranslate();
  return (
    <Show title={translate('app.menu.admin_physical_sim_returns')} actions={false} component="div">
      <ReturnDetails />
    </Show>
  );
}
