import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InstallPage as InstallPageData } from '@esim/contracts';
import { formatMegabytes } from '@esim/frontend-shared/format';
import { formatDateTime } from './dates';
import { InstallDetails } from './InstallDetails';
import { currentPlatform, type InstallPlatform } from './platform';
import { useApi } from '../../lib/useApi';
import { RetryWaitNotice, useRetryWait } from '../../lib/retryWait';

/**
 * The page an install link opens, on any device and without signing in, until the eSIM is installed
 * or the link expires or is revoked. The token in its path is the credential: the page is never
 * indexed and sends no referrer, and the service shows the activation code only while the eSIM is not installed.
 */
function Install({ token }: { token: string }) {
  const { t, i18n } = useTranslation('install');
  const lng = i18n.resolvedLanguage ?? 'tr';
  const { data, error, loading, reload } = useApi<InstallPageData>(`/public/install/${encodeURIComponent(token)}`);
  // Read after hydration: the server has no user agent to render for.
  const [platform, setPlatform] = useState<InstallPlatform>('other');
  useEffect(() => setPlatform(currentPlatform()), []);
  const wait = useRetryWait();
  const { start } = wait;
  useEffect(() => {
    if (error) start(error);
  }, [error]);

  if (loading && !data) return <Skeleton variant="rounded" height={320} aria-label={t('page.loading')} />;
  if (error?.status === 429 && !data)
    return (
      <Box sx={{ mt: 2 }}>
        <RetryWaitNotice wait={wait} onRetry={reload} />
      </Box>
    );
  // A token never made or mangled on the way (a cut-off link): said in words, with the way to a new one.
  if (error && !data && (error.status === 404 || error.status === 400))
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="install-invalid">
        <AlertTitle>{t('page.invalid')}</AlertTitle>
        {t('page.invalidHint')}
      </Alert>
    );
  if (error && !data)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error.message}
      </Alert>
    );
  if (!data) return null;
  const facts = [
    data.unlimited ? t('page.unlimited') : data.data_mb !== null ? formatMegabytes(data.data_mb, lng) : null,
    t('page.validity', { days: data.validity_days }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <Typography sx={{ fontWeight: 600, mt: 1 }}>{data.package_name}</Typography>
      <Typography color="text.secondary">{facts}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {t('page.iccid', { iccid: data.iccid })}
      </Typography>
      {data.state === 'installed' && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="install-done">
          {t('page.installed')}
        </Alert>
      )}
      {data.state === 'unavailable' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('page.unavailable')}
        </Alert>
      )}
      {data.install && (
        <>
          <InstallDetails install={data.install} iccid={data.iccid} platform={platform} />
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('page.secret')}
          </Alert>
        </>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('page.linkValid', { date: formatDateTime(data.link_expires_at, lng) })}
      </Typography>
    </>
  );
}

export default function InstallPage() {
  const { t } = useTranslation('install');
  const { token = '' } = useParams();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <title>{t('page.seoTitle')}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <Box>
        <Typography variant="h1" sx={{ fontSize: '1.75rem' }}>
          {t('page.title')}
        </Typography>
        <Install token={token} />
      </Box>
    </Container>
  );
}
