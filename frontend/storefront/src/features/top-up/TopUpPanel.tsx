import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import { useTranslation } from 'react-i18next';
import type { EsimBundle, EsimTopUpOffer } from '@esim/contracts';
import { formatDate, formatMoment } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { bytesText, dataText } from './format';
import { TopUpDialog } from './TopUpDialog';

/** Remaining data as a ring: grows when a top-up adds to the total. */
function UsageRing({ offer }: { offer: EsimTopUpOffer }) {
  const { t, i18n } = useTranslation('shop');
  const { usage } = offer.esim;
  const percent =
    usage.unlimited || usage.total_bytes === 0 ? 100 : Math.round((usage.remaining_bytes / usage.total_bytes) * 100);
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', width: 112, height: 112, flex: '0 0 auto' }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={112}
        thickness={4}
        sx={{ color: 'action.hover', position: 'absolute' }}
        aria-hidden
      />
      <CircularProgress
        variant="determinate"
        value={percent}
        size={112}
        thickness={4}
        color={percent <= 10 ? 'error' : 'primary'}
        aria-label={t('topUp.remaining')}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Typography sx={{ fontWeight: 700 }} data-testid="top-up-remaining">
          {usage.unlimited ? t('topUp.unlimitedData') : bytesText(usage.remaining_bytes, i18n.resolvedLanguage)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('topUp.remaining')}
        </Typography>
      </Box>
    </Box>
  );
}

function BundleRow({ bundle }: { bundle: EsimBundle }) {
  const { t, i18n } = useTranslation('shop');
  const lng = i18n.resolvedLanguage ?? 'tr';
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 1.5,
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
      data-testid="esim-bundle"
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{bundle.package_name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {bundle.kind === 'initial'
            ? t('topUp.initial')
            : t('topUp.added', { date: formatDate(bundle.added_at, lng) })}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
        {bundle.kind === 'top_up' ? '+' : ''}
        {t('topUp.bundleLine', {
          data: dataText(bundle.data_mb, lng, t('topUp.unlimitedData')),
          days: bundle.validity_days,
        })}
      </Typography>
    </Box>
  );
}

/**
 * An eSIM's data and validity with the bundles behind them, and its top-up: the packages of its
 * coverage added to the same ICCID (top-ups of an installed eSIM; the QR stays the same).
 */
export function TopUpPanel({
  iccid,
  open,
  initialPackageId,
  onOpenChange,
  onChanged,
}: {
  iccid: string;
  open: boolean;
  initialPackageId?: string;
  onOpenChange(open: boolean): void;
  onChanged?(): void;
}) {
  const { t, i18n } = useTranslation('shop');
  const lng = i18n.resolvedLanguage ?? 'tr';
  const {
    data: offer,
    loading,
    error,
    reload,
  } = useApi<EsimTopUpOffer>(`/user/esim/${encodeURIComponent(iccid)}/top-ups`);
  // A top-up answered 'processing' (a service on the way was slow): asked again until its bundle is there.
  const [processing, setProcessing] = useState<string | null>(null);
  const [polls, setPolls] = useState(0);
  const arrived = !!processing && !!offer?.bundles.some((bundle) => bundle.order_id === processing);
  useEffect(() => {
    if (!processing || arrived || polls >= 20) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      reload();
    }, 3000);
    return () => clearTimeout(timer);
    // reload is a new function on every render; the poll is timed by the answers, not by renders.
  }, [processing, arrived, polls]);
  if (loading && !offer) return <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />;
  // Not answered: said so, with a way to ask again, never a section that silently is not there.
  if (!offer)
    return error ? (
      <Box sx={{ mt: 2.5 }} data-testid="top-up-panel">
        <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
          {t('topUp.title')}
        </Typography>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('topUp.loadFailed')}
        </Alert>
      </Box>
    ) : null;
  const { usage } = offer.esim;
  return (
    <Box sx={{ mt: 2.5 }} data-testid="top-up-panel">
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {t('topUp.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <UsageRing offer={offer} />
        <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
          <Typography data-testid="top-up-total">
            {usage.unlimited
              ? t('topUp.unlimited', { used: bytesText(usage.used_bytes, lng) })
              : t('topUp.usedOf', { used: bytesText(usage.used_bytes, lng), total: bytesText(usage.total_bytes, lng) })}
          </Typography>
          {offer.esim.expires_at && (
            <Typography variant="body2" color="text.secondary">
              {t('topUp.validUntil', { date: formatDate(offer.esim.expires_at, lng) })}
            </Typography>
          )}
          {/* A supplier's figures lag (eSIM Access by hours): the buyer sees how old they are. */}
          {offer.esim.usage_updated_at && (
            <Typography variant="body2" color="text.secondary" data-testid="usage-updated-at">
              {t('topUp.updatedAt', { date: formatMoment(offer.esim.usage_updated_at, lng) })}
            </Typography>
          )}
          {offer.available && (
            <Button
              variant="outlined"
              startIcon={<AddCircleOutlineIcon />}
              onClick={() => onOpenChange(true)}
              sx={{ mt: 1 }}
            >
              {t('topUp.action')}
            </Button>
          )}
        </Box>
      </Box>
      {offer.available && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('topUp.hint')}
        </Typography>
      )}
      {/* Why it takes no top-up now, in the service's words (not installed yet, suspended, expired, none on sale). */}
      {!offer.available && offer.refusal && (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="top-up-refusal">
          {offer.refusal}
        </Alert>
      )}
      {processing && !arrived && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('topUp.processing')}
        </Alert>
      )}
      <Typography sx={{ fontWeight: 600, mt: 2 }}>{t('topUp.bundles')}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {offer.bundles.map((bundle) => (
          <BundleRow key={bundle.order_id} bundle={bundle} />
        ))}
      </Box>
      {open && offer.available && (
        <TopUpDialog
          offer={offer}
          initialPackageId={initialPackageId}
          onClose={() => onOpenChange(false)}
          onDone={(topUp) => {
            onOpenChange(false);
            setProcessing(topUp.status === 'completed' ? null : topUp.id);
            setPolls(0);
            reload();
            onChanged?.();
          }}
        />
      )}
    </Box>
  );
}
