import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import toast from 'react-hot-toast';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { planStatusDisplay } from '@esim/contracts';
import { api } from '../../api/client';
import { RequireAuth } from '../../auth/AuthContext';
import { AcceptedDocuments } from '../checkout/AcceptedDocuments';
import { browserSession } from '@esim/frontend-shared/session';
import { fetchQr, QrImage } from '@esim/frontend-shared/QrImage';
import type { EsimOrder, EsimProfile } from '../checkout/types';
import { formatEuro } from '@esim/frontend-shared/format';
import { formatDate } from '../../lib/format';
import { CopyRow } from '../install/CopyRow';
import { InstallActions } from '../install/InstallActions';
import { currentPlatform } from '../install/platform';
import { OrderTopUp } from '../top-up/OrderTopUp';
import { InvoiceLink } from './InvoiceLink';
import { useApi } from '../../lib/useApi';
import { NotFound } from '../../layout/NotFoundPage';
import { Seo } from '../../layout/Seo';

/** The QR png is behind the buyer's token. */
const loadQr = fetchQr(() => browserSession.read()?.token);

/** A never-used eSIM: what to do with it, in order. */
function InstallSteps() {
  const { t } = useTranslation('shop');
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.05rem' }}>
        {t('order.install.title')}
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, my: 1 }}>
        {(t('order.install.steps', { returnObjects: true }) as string[]).map((step) => (
          <Typography component="li" key={step} variant="body2" sx={{ mb: 0.5 }}>
            {step}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Refunded or revoked: the eSIM is withdrawn and its code is shown nowhere (the service sends none).
 * An eSIM whose code the service left out for any other reason is shown the same way.
 */
export const isWithdrawn = (profile: Pick<EsimProfile, 'status' | 'activation_code'>) =>
  profile.status === 'refunded' || profile.status === 'revoked' || profile.activation_code === null;

/** A withdrawn eSIM: which one, and its state; nothing to install. */
function WithdrawnProfile({ profile }: { profile: EsimProfile }) {
  const { t, i18n } = useTranslation('shop');
  const status = planStatusDisplay(profile.status, profile.expires_at);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }} data-testid="esim-profile">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Chip
          size="small"
          color={status.color}
          label={status.label[(i18n.resolvedLanguage ?? 'tr') as 'tr' | 'en']}
          data-testid="esim-status"
        />
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {t('order.iccid')}: {profile.iccid}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t(profile.status === 'revoked' ? 'order.withdrawn.revoked' : 'order.withdrawn.refunded')}
      </Typography>
    </Paper>
  );
}

function ProfileCard({ profile }: { profile: EsimProfile }) {
  const { t, i18n } = useTranslation('shop');
  if (isWithdrawn(profile)) return <WithdrawnProfile profile={profile} />;
  const status = planStatusDisplay(profile.status, profile.expires_at);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mt: 2, display: 'flex', flexWrap: 'wrap', gap: 3 }}
      data-testid="esim-profile"
    >
      {profile.qr_url && (
        <QrImage
          src={profile.qr_url}
          alt={t('order.qrAlt', { iccid: profile.iccid })}
          load={loadQr}
          failedText={t('order.qrFailed')}
        />
      )}
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Chip
          size="small"
          color={status.color}
          label={status.label[(i18n.resolvedLanguage ?? 'tr') as 'tr' | 'en']}
          sx={{ mb: 1 }}
          data-testid="esim-status"
        />
        {profile.qr_url && <Typography>{t('order.qr')}</Typography>}
        {status.key === 'ready' && <InstallSteps />}
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mt: 2 }}>
          {t('order.manual')}
        </Typography>
        <CopyRow label={t('order.iccid')} value={profile.iccid} />
        {profile.smdp_address && <CopyRow label={t('order.smdp')} value={profile.smdp_address} />}
        {profile.matching_id && <CopyRow label={t('order.activationCode')} value={profile.matching_id} />}
        {profile.activation_code && <CopyRow label={t('order.lpa')} value={profile.activation_code} />}
        {/* The one-tap link works only on an iPhone; Android enters the codes above by hand. */}
        {profile.ios_install_url && currentPlatform() !== 'android' && (
          <Button
            variant="contained"
            startIcon={<AppleIcon />}
            href={profile.ios_install_url}
            target="_blank"
            rel="noopener"
            sx={{ mt: 2 }}
          >
            {t('order.ios')}
          </Button>
        )}
      </Box>
      <OrderTopUp iccid={profile.iccid} />
    </Paper>
  );
}

/** A purchase still with its supplier: the saga's pending and processing read the same to the buyer. */
const isPreparing = (status: EsimOrder['status']) => status === 'pending' || status === 'processing';

/**
 * Failure codes whose texts do not say that nothing was charged, though the order's hold was
 * released (a supplier's own refusals say it in their text already).
 */
const NOT_CHARGED = new Set(['esim_out_of_stock', 'esim_provider_failed', 'supplier_esim_recycled']);

/**
 * How long to wait before each look at an order being prepared: often at first (most suppliers
 * deliver within seconds), then less and less; after the last the page stops and offers a refresh.
 */
export const PREPARING_POLL_DELAYS_MS = [
  2000, 3000, 3000, 5000, 5000, 10_000, 10_000, 15_000, 15_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000,
];

/** The order, looked at again while it is prepared (a failed look keeps what the page shows). */
function useOrder(id: string) {
  const path = `/user/esim/orders/${encodeURIComponent(id)}`;
  const loaded = useApi<EsimOrder>(path);
  const [latest, setLatest] = useState<EsimOrder>();
  const [polls, setPolls] = useState(0);
  // A new load (another language) replaces what the polls found.
  useEffect(() => setLatest(undefined), [loaded.data]);
  const order = latest ?? loaded.data;
  const preparing = !!order && isPreparing(order.status);
  useEffect(() => {
    if (!preparing || polls >= PREPARING_POLL_DELAYS_MS.length) return;
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<EsimOrder>(path)
        .then(
          (fresh) => live && setLatest(fresh),
          () => undefined,
        )
        .finally(() => live && setPolls((n) => n + 1));
    }, PREPARING_POLL_DELAYS_MS[polls]);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [preparing, polls, path]);
  const refresh = () => {
    void api.get<EsimOrder>(path).then(setLatest, () => undefined);
    setPolls(0);
  };
  return { ...loaded, order, stopped: preparing && polls >= PREPARING_POLL_DELAYS_MS.length, refresh };
}

/** An order its supplier is still preparing: what is happening, that the page updates itself, and the mail that will follow. */
function Preparing({ order, stopped, onRefresh }: { order: EsimOrder; stopped: boolean; onRefresh(): void }) {
  const { t } = useTranslation('shop');
  return (
    <Paper
      variant="outlined"
      role="status"
      sx={{ p: { xs: 2, sm: 3 }, mt: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}
      data-testid="order-preparing"
    >
      {stopped ? (
        <HourglassTopIcon color="action" sx={{ fontSize: 32, flex: '0 0 auto' }} />
      ) : (
        <CircularProgress size={28} sx={{ flex: '0 0 auto', mt: 0.25 }} aria-hidden />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
          {t('order.preparing.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('order.preparing.body')}
        </Typography>
        {/* The receipt (with the order page's link) is mailed when an order that carries its accepted documents completes. */}
        {order.agreement && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('order.preparing.mail')}
          </Typography>
        )}
        {stopped && (
          <Typography sx={{ mt: 1 }}>
            {t('order.preparing.stopped')}{' '}
            <Link component="button" type="button" onClick={onRefresh} sx={{ verticalAlign: 'baseline' }}>
              {t('order.preparing.refresh')}
            </Link>
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** A failed order: why, in the service's words, and that nothing was charged where its text does not say so. */
function Failed({ order }: { order: EsimOrder }) {
  const { t } = useTranslation('shop');
  const again = order.package.country_slug ? `/packages/${order.package.country_slug}` : '/packages';
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="order-failed">
      <AlertTitle>{t('order.failed.title')}</AlertTitle>
      {order.failure_reason}
      {order.failure_code && NOT_CHARGED.has(order.failure_code) && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('order.failed.notCharged')}
        </Typography>
      )}
      <Button component={RouterLink} to={again} color="inherit" variant="outlined" size="small" sx={{ mt: 1.5 }}>
        {t('order.failed.again')}
      </Button>
    </Alert>
  );
}

function Order() {
  const { t, i18n } = useTranslation('shop');
  const { id = '' } = useParams();
  const { order: data, error, loading, stopped, refresh } = useOrder(id);
  const preparing = !!data && isPreparing(data.status);
  // Prepared while the buyer watched: said once, as the QR code takes the place of the wait.
  const wasPreparing = useRef(false);
  useEffect(() => {
    if (wasPreparing.current && data?.status === 'completed') toast.success(t('order.preparing.ready'));
    wasPreparing.current = preparing;
  }, [data?.status, preparing, t]);

  if (loading && !data) return <Skeleton variant="rounded" height={320} />;
  // An order number that is not the buyer's, or no order number at all, is a page that is not there.
  if (error && !data && (error.status === 404 || error.status === 400))
    return (
      <>
        <Seo page={t('order.notFound')} description={t('order.notFoundText')} />
        <meta name="robots" content="noindex" />
        <NotFound
          title={t('order.notFound')}
          text={t('order.notFoundText')}
          action={t('common:errors.backHome')}
          also={{ label: t('order.myOrders'), href: '/dashboard/orders' }}
        />
      </>
    );
  if (error && !data) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return null;
  return (
    <>
      <Seo page={t('order.title', { number: data.order_number })} description={data.package.title} />
      {/* The plan by where it works, its data and days ("Türkiye 3 GB · 7 gün"); the package's own name is often just a tier. */}
      <Typography variant="h1" sx={{ fontSize: '1.75rem', textWrap: 'balance' }} data-testid="order-title">
        {data.package.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mt: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('order.title', { number: data.order_number })}</Typography>
        <Chip
          label={t(`order.statuses.${data.status}`)}
          size="small"
          color={
            data.status === 'completed'
              ? 'success'
              : data.status === 'failed'
                ? 'error'
                : preparing
                  ? 'info'
                  : 'default'
          }
          data-testid="order-status"
        />
        <Typography color="text.secondary">
          {t('order.total')}: {formatEuro(data.total)} · {formatDate(data.created_at, i18n.resolvedLanguage ?? 'tr')}
        </Typography>
        {data.agreement && <AcceptedDocuments agreement={data.agreement} />}
        {!preparing && data.status !== 'failed' && <InvoiceLink orderId={data.id} />}
      </Box>
      {data.status === 'failed' ? (
        <Failed order={data} />
      ) : (
        data.failure_reason && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {data.failure_reason}
          </Alert>
        )
      )}
      {preparing && <Preparing order={data} stopped={stopped} onRefresh={refresh} />}
      {!preparing && data.esims.length > 0 && <InstallActions order={data} />}
      {data.esims.map((profile) => (
        <ProfileCard key={profile.id} profile={profile} />
      ))}
    </>
  );
}

export default function OrderPage() {
  return (
    <RequireAuth>
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Order />
      </Container>
    </RequireAuth>
  );
}
