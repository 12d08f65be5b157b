import BlockIcon from '@mui/icons-material/Block';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, Show, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatBytes, formatDate, formatEuro } from '../../format';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { OrderStatusChip } from '../../layout/esimOrders';
import { PlanStatusChip } from '../../orders/planStatus';
import { FailedOrder, isPreparing, PreparingOrder, useLiveEsim, useReadyNotice } from '../../orders/Preparing';
import { esimsOf, type EsimProfile } from '../../orders/shapes';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';
import { RefundDialog } from './RefundDialog';
import type { EsimRefund } from '../../orders/EsimRefundDialog';
import { refundPartsText } from '../../orders/refundSplit';

/** Refunded or revoked: nothing more can be done to it. */
export const isOver = (esim: Pick<EsimProfile, 'status'>) => esim.status === 'refunded' || esim.status === 'revoked';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 1 }} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function EsimActions({ esim, unitPrice, completed }: { esim: EsimProfile; unitPrice: number; completed: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshListAndFigures = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [refunding, setRefunding] = useState(false);
  if (isOver(esim)) return null;
  const done = (message: string, fallback: string) => {
    const text = message || translate(fallback);
    notify(text, { type: 'success', messageArgs: { _: text } });
    refreshListAndFigures();
  };
  const refund = async (reason: string) => {
    try {
      const { data } = await dataProvider.send<EsimRefund>('POST', `user/esim/${encodeURIComponent(esim.id)}/refund`, {
        reason,
      });
      // What happened and where the money went: refunded, or under way (the eSIM is withdrawn either way).
      done(
        data?.status
          ? translate(
              data.status === 'refunded'
                ? 'app.admin_esim_orders.refund_done'
                : 'app.admin_esim_orders.refund_processing',
              { parts: refundPartsText(translate, data, 'buyer') },
            )
          : '',
        'app.orders.refunded',
      );
    } catch (error) {
      throw new Error(serviceErrorOf(error).fields.reason ?? serviceErrorOf(error).message);
    }
  };
  const revoke = async () => {
    try {
      const { message } = await dataProvider.send('PUT', `user/esim/${encodeURIComponent(esim.id)}/status`, {
        status: 'revoked',
      });
      done(message, 'app.orders.status_changed');
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
      {completed ? (
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<UndoIcon />}
          onClick={() => setRefunding(true)}
        >
          {translate('app.admin_esim_orders.refund')}
        </Button>
      ) : null}
      <ConfirmButton
        size="small"
        color="warning"
        variant="outlined"
        startIcon={<BlockIcon />}
        title={translate('app.admin_esim_orders.revoke_title')}
        content={translate('app.admin_esim_orders.revoke_body', { iccid: esim.iccid })}
        onConfirm={revoke}
      >
        {translate('app.admin_esim_orders.revoke')}
      </ConfirmButton>
      {refunding ? (
        <RefundDialog esim={esim} amount={unitPrice} onClose={() => setRefunding(false)} onRefund={refund} />
      ) : null}
    </Stack>
  );
}

function EsimCard({ esim, unitPrice, completed }: { esim: EsimProfile; unitPrice: number; completed: boolean }) {
  const translate = useTranslate();
  // A supplier's figures as the supplier has them now (through its cache), dated.
  const live = useLiveEsim(esim);
  const usage = live.usage;
  return (
    <Card variant="outlined" data-testid="admin-esim">
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          useFlexGap
        >
          <Typography variant="subtitle1" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {esim.iccid}
          </Typography>
          <PlanStatusChip status={esim.status} expiresAt={esim.expires_at} />
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          <Line label="app.admin_esim_orders.esim_status">
            {translate(`app.admin_esim_orders.esim_statuses.${esim.status}`, { _: esim.status })}
          </Line>
          <Line label="app.orders.usage">
            {usage.unlimited
              ? translate('app.orders.unlimited', { used: formatBytes(usage.used_bytes) })
              : translate('app.orders.used_of_total', {
                  used: formatBytes(usage.used_bytes),
                  total: formatBytes(usage.total_bytes),
                })}
          </Line>
          <Line label="app.orders.usage_updated_label">{formatDate(live.usage_updated_at)}</Line>
          <Line label="app.admin_esim_orders.activated_at">{formatDate(live.activated_at)}</Line>
          <Line label="app.admin_esim_orders.expires_at">{formatDate(esim.expires_at)}</Line>
        </Stack>
        <EsimActions esim={esim} unitPrice={unitPrice} completed={completed} />
      </CardContent>
    </Card>
  );
}

function OrderDetails() {
  const order = useRecordContext();
  const translate = useTranslate();
  useReadyNotice(order?.status);
  if (!order) return null;
  const preparing = isPreparing(order.status);
  const esims = esimsOf(order);
  const completed = order.status === 'completed' || order.status === 'partially_refunded';
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h6" component="h1">
          {order.package?.title ?? order.package?.name ?? order.order_number}
        </Typography>
        <Box>
          <OrderStatusChip status={order.status} />
        </Box>
      </Stack>
      <Stack spacing={0.5}>
        <Line label="app.orders.order_number">{order.order_number}</Line>
        <Line label="app.admin_esim_orders.buyer_id">
          <code>{order.user_id}</code>
        </Line>
        <Line label="app.orders.created_at">{formatDate(order.created_at)}</Line>
        <Line label="app.orders.quantity">{order.quantity}</Line>
        <Line label="app.admin_esim_orders.unit_price">{formatEuro(order.unit_price)}</Line>
        <Line label="app.orders.total">{formatEuro(order.total)}</Line>
        {order.top_up_of ? (
          <Line label="app.admin_esim_orders.top_up_of">
            <Link to={`/admin/esim-orders/${encodeURIComponent(order.top_up_of.order_id)}/show`}>
              <code>{order.top_up_of.iccid}</code> · {order.top_up_of.order_number}
            </Link>
          </Line>
        ) : null}
      </Stack>
      {order.status === 'failed' ? (
        <FailedOrder reason={order.failure_reason} code={order.failure_code} />
      ) : order.failure_reason ? (
        <Alert severity="error">{order.failure_reason}</Alert>
      ) : null}
      {preparing ? <PreparingOrder mail={false} admin /> : null}
      {order.top_up_of || ((preparing || order.status === 'failed') && esims.length === 0) ? null : esims.length ===
        0 ? (
        <Typography color="text.secondary">{translate('app.orders.no_esims')}</Typography>
      ) : (
        esims.map((esim) => (
          <EsimCard key={esim.iccid} esim={esim} unitPrice={order.unit_price} completed={completed} />
        ))
      )}
    </Stack>
  );
}

/** One order as the admin sees it: the buyer's account, the money, and each eSIM with refund and revoke. */
export default function EsimOrderShow() {
  return (
    <Show>
      <OrderDetails />
    </Show>
  );
}
