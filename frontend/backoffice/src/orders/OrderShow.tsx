import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { Show, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatBytes, formatDate, formatEuro } from '../format';
import { ConfirmButton } from '../layout/ConfirmButton';
import { CopyButton } from '../layout/CopyButton';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { OrderStatusChip } from './OrderList';
import { PlanStatusChip, usageOf } from './planStatus';
import { QrImage } from '@esim/frontend-shared/QrImage';
import { esimsOf, isWithdrawn, type EsimProfile } from './shapes';
import { EsimRefundDialog } from './EsimRefundDialog';
import { UsageRing } from './UsageRing';
import { EsimBundles } from './EsimBundles';
import { FailedOrder, isPreparing, PreparingOrder, useLiveEsim, useReadyNotice } from './Preparing';
import { OrderCustomer } from './OrderCustomer';

/** Apple's universal link that installs an eSIM on an iPhone from its LPA string. */
export function iosInstallUrl(esim: Pick<EsimProfile, 'activation_code' | 'ios_install_url'>): string | null {
  if (esim.ios_install_url) return esim.ios_install_url;
  if (!esim.activation_code) return null;
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activation_code)}`;
}

function Field({ label, value, copy }: { label: string; value?: string | null; copy?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {translate(label)}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: copy ? 'monospace' : undefined, wordBreak: 'break-all' }}>
        {value || '—'}
      </Typography>
      {copy && value ? <CopyButton value={value} /> : null}
    </Stack>
  );
}

/** When the figures were measured (a supplier's lag behind the network), or nothing while none came. */
export function UsageUpdated({ at }: { at: string | null | undefined }) {
  const translate = useTranslate();
  if (!at) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="usage-updated-at">
      {translate('app.orders.usage_updated', { date: formatDate(at) })}
    </Typography>
  );
}

/** Live usage from the esim service (falls back to what the order carried). */
function Usage({ esim }: { esim: EsimProfile }) {
  const translate = useTranslate();
  const live = useLiveEsim(esim);
  const current = live.usage;
  const usage = usageOf(current.total_bytes, current.remaining_bytes);
  if (current.unlimited)
    return (
      <Box>
        <Typography variant="body2">
          {translate('app.orders.unlimited', { used: formatBytes(current.used_bytes) })}
        </Typography>
        <UsageUpdated at={live.usage_updated_at} />
      </Box>
    );
  return (
    <Stack direction="row" spacing={2} alignItems="center">
      <UsageRing percentage={usage.percentage} label={translate('app.orders.usage')} />
      <Box sx={{ flex: 1 }}>
        <Typography variant="body2">
          {translate('app.orders.used_of_total', { used: formatBytes(usage.used), total: formatBytes(usage.total) })}
        </Typography>
        <LinearProgress variant="determinate" value={usage.percentage} sx={{ my: 0.5 }} />
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('app.orders.remaining', { amount: formatBytes(usage.remaining) })}
        </Typography>
        <UsageUpdated at={live.usage_updated_at} />
      </Box>
    </Stack>
  );
}

/** A refunded or revoked eSIM (its ICCID and state are in the card's header): no code of any kind, the service sends none. */
function WithdrawnEsim({ esim }: { esim: EsimProfile }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(esim.status === 'revoked' ? 'app.orders.withdrawn_revoked' : 'app.orders.withdrawn_refunded')}
    </Typography>
  );
}

function EsimCard({ esim }: { esim: EsimProfile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  // The QR png is behind the token: the data provider fetches it as a blob.
  const loadQr = useCallback((src: string) => dataProvider.blobUrl(src.replace(/^\/api\//, '')), [dataProvider]);
  const [refunding, setRefunding] = useState(false);
  const id = esim.id;
  const install = iosInstallUrl(esim);
  const setStatus = async (status: 'suspended' | 'active') => {
    try {
      const { message } = await dataProvider.send('PUT', `user/esim/${encodeURIComponent(id)}/status`, { status });
      notify(message || 'app.orders.status_changed', { type: 'success' });
      refresh();
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
  };
  // The refund dialog stays open over the card once the eSIM is withdrawn, to say what happened.
  const refundDialog = refunding ? <EsimRefundDialog esim={esim} onClose={() => setRefunding(false)} /> : null;
  const header = (
    <CardHeader
      title={<span style={{ fontFamily: 'monospace' }}>{esim.iccid}</span>}
      subheader={
        esim.expires_at && !isWithdrawn(esim)
          ? translate('app.orders.expires', { date: formatDate(esim.expires_at) })
          : undefined
      }
      action={<PlanStatusChip status={esim.status} expiresAt={esim.expires_at} />}
      titleTypographyProps={{ variant: 'subtitle1' }}
    />
  );
  if (isWithdrawn(esim))
    return (
      <Card variant="outlined" data-testid="esim-card">
        {header}
        <CardContent>
          <WithdrawnEsim esim={esim} />
        </CardContent>
        {refundDialog}
      </Card>
    );
  return (
    <Card variant="outlined" data-testid="esim-card">
      {header}
      <CardContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, sm: 'auto' }} sx={{ textAlign: 'center' }}>
            {esim.qr_url ? (
              <QrImage
                src={esim.qr_url}
                alt={translate('app.orders.qr_alt', { iccid: esim.iccid })}
                load={loadQr}
                failedText={translate('app.orders.qr_failed')}
                size={200}
              />
            ) : (
              <Typography color="text.secondary">{translate('app.orders.qr_pending')}</Typography>
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 'grow' }}>
            <Stack spacing={1}>
              <Typography variant="subtitle2">{translate('app.orders.manual_install')}</Typography>
              <Field label="app.orders.iccid" value={esim.iccid} copy />
              <Field label="app.orders.smdp_address" value={esim.smdp_address} copy />
              {/* As the storefront shows it: the code typed in by hand, then the whole LPA string under its own name. */}
              <Field label="app.orders.activation_code" value={esim.matching_id} copy />
              <Field label="app.orders.lpa" value={esim.activation_code} copy />
              {install ? (
                <Box>
                  <Button
                    href={install}
                    target="_blank"
                    rel="noopener"
                    startIcon={<PhoneIphoneIcon />}
                    variant="outlined"
                    size="small"
                  >
                    {translate('app.orders.ios_install')}
                  </Button>
                </Box>
              ) : null}
              <Divider sx={{ my: 1 }} />
              <Usage esim={esim} />
              <EsimBundles esimId={esim.id} />
              <Stack direction="row" spacing={1} sx={{ pt: 1, flexWrap: 'wrap' }} useFlexGap>
                {esim.status === 'active' ? (
                  <ConfirmButton
                    size="small"
                    startIcon={<PauseCircleIcon />}
                    title={translate('app.orders.suspend_title')}
                    content={translate('app.orders.suspend_body', { iccid: esim.iccid })}
                    onConfirm={() => setStatus('suspended')}
                  >
                    {translate('app.orders.suspend')}
                  </ConfirmButton>
                ) : null}
                {esim.status === 'suspended' ? (
                  <ConfirmButton
                    size="small"
                    startIcon={<PlayCircleIcon />}
                    title={translate('app.orders.resume_title')}
                    content={translate('app.orders.resume_body', { iccid: esim.iccid })}
                    onConfirm={() => setStatus('active')}
                  >
                    {translate('app.orders.resume')}
                  </ConfirmButton>
                ) : null}
                {esim.refundable ? (
                  <Button size="small" color="error" startIcon={<UndoIcon />} onClick={() => setRefunding(true)}>
                    {translate('app.orders.refund')}
                  </Button>
                ) : null}
              </Stack>
            </Stack>
          </Grid>
        </Grid>
      </CardContent>
      {refundDialog}
    </Card>
  );
}

function OrderDetails() {
  const order = useRecordContext();
  const translate = useTranslate();
  useReadyNotice(order?.status);
  if (!order) return null;
  const esims = esimsOf(order);
  const preparing = isPreparing(order.status);
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ sm: 'center' }}
        justifyContent="space-between"
      >
        <div>
          <Typography variant="h6" component="h1">
            {order.package?.title ?? order.package?.name ?? order.order_number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.orders.order_number')}: {order.order_number} · {formatDate(order.created_at)} ·{' '}
            {formatEuro(order.total)}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} alignItems="center">
          {/* Bought with a sandbox API key: demo eSIMs, nothing paid. */}
          {order.sandbox ? <Chip size="small" color="warning" label={translate('app.orders.sandbox')} /> : null}
          <OrderStatusChip status={order.status} />
        </Stack>
      </Stack>
      {order.status === 'failed' ? (
        <FailedOrder reason={order.failure_reason} code={order.failure_code} />
      ) : order.failure_reason ? (
        <Alert severity="error">{order.failure_reason}</Alert>
      ) : null}
      {/* The receipt (with this order's link) is mailed when an order carrying the checkout's documents completes. */}
      {preparing ? <PreparingOrder mail={Boolean(order.agreement)} /> : null}
      <OrderCustomer
        order={{
          id: String(order.id),
          user_id: order.user_id,
          customer_name: order.customer_name,
          customer_email: order.customer_email,
        }}
        installable={esims.some((esim) => !isWithdrawn(esim) && esim.status === 'inactive')}
      />
      {esims.length === 0 ? (
        preparing || order.status === 'failed' ? null : (
          <Typography color="text.secondary">{translate('app.orders.no_esims')}</Typography>
        )
      ) : (
        esims.map((esim) => <EsimCard key={esim.iccid} esim={esim} />)
      )}
    </Stack>
  );
}

export default function OrderShow() {
  return (
    <Show>
      <OrderDetails />
    </Show>
  );
}
