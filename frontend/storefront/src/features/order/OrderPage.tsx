import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AppleIcon from '@mui/icons-material/Apple';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { planStatusDisplay } from '@esim/contracts';
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
import { useApi } from '../../lib/useApi';
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

function Order() {
  const { t, i18n } = useTranslation('shop');
  const { id = '' } = useParams();
  const { data, error, loading, reload } = useApi<EsimOrder>(`/user/esim/orders/${encodeURIComponent(id)}`);
  const pending = !!data && (data.status === 'pending' || data.status === 'processing');
  // The partner may take a moment to issue the profiles: poll until every QR is there.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, 3000);
    return () => clearTimeout(timer);
  }, [pending, data, reload]);

  if (loading && !data) return <Skeleton variant="rounded" height={320} />;
  if (error && !data)
    return <Alert severity="error">{error.status === 404 ? t('order.notFound') : error.message}</Alert>;
  if (!data) return null;
  return (
    <>
      <Seo title={`${t('order.title', { number: data.order_number })} — eSIM Go`} description={data.package.name} />
      <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
        {t('order.title', { number: data.order_number })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{data.package.name}</Typography>
        <Chip
          label={t(`order.statuses.${data.status}`)}
          size="small"
          color={data.status === 'completed' ? 'success' : data.status === 'failed' ? 'error' : 'default'}
          data-testid="order-status"
        />
        <Typography color="text.secondary">
          {t('order.total')}: {formatEuro(data.total)} · {formatDate(data.created_at, i18n.resolvedLanguage ?? 'tr')}
        </Typography>
        {data.agreement && <AcceptedDocuments agreement={data.agreement} />}
      </Box>
      {data.failure_reason && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {data.failure_reason}
        </Alert>
      )}
      {pending && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('order.pending')}
        </Alert>
      )}
      {data.status !== 'pending' && data.status !== 'processing' && data.esims.length > 0 && (
        <InstallActions order={data} />
      )}
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
