import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthContext';
import { PackageTable } from './PackageTable';
import { PRERENDERED_COUNTRIES } from './prerendered';
import { pendingCardCheckout, type PendingCardCheckout } from '../checkout/cardCheckout';
import type { CountryPackages, PublicPackage } from './types';
import { countryPackagesPath } from './paths';
import { Flag } from '../../ui/Flag';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { NotFound } from '../../layout/NotFoundPage';

// Opened on "Buy": its code (a dialog, the purchase flow) comes then.
const CheckoutDialog = lazy(() => import('../checkout/CheckoutDialog').then((m) => ({ default: m.CheckoutDialog })));

export default function CountryPage() {
  const { t, i18n } = useTranslation('shop');
  const { country: slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { data, error, loading, fresh } = useApi<CountryPackages>(countryPackagesPath(slug));
  const [buying, setBuying] = useState<PublicPackage | null>(null);
  const [resume, setResume] = useState<PendingCardCheckout | undefined>(undefined);

  // Back from /login with ?buy=<package>: open the confirmation for it.
  const buyId = params.get('buy');
  useEffect(() => {
    if (!buyId || !data || !fresh || !user) return;
    const wanted = [...data.packages, ...data.regional_packages].find((p) => p.id === buyId);
    if (wanted) setBuying(wanted);
    setParams({}, { replace: true });
  }, [buyId, data, fresh, user, setParams]);

  // Back from the card page with ?payment=<id>: reopen the confirmation that started it, to finish the purchase.
  const paymentId = params.get('payment');
  useEffect(() => {
    if (!paymentId || !data || !fresh || !user) return;
    const pending = pendingCardCheckout(paymentId);
    const wanted = pending && [...data.packages, ...data.regional_packages].find((p) => p.id === pending.packageId);
    if (pending && wanted) {
      setResume(pending);
      setBuying(wanted);
    }
    setParams({}, { replace: true });
  }, [paymentId, data, fresh, user, setParams]);

  const onBuy = (pkg: PublicPackage) => {
    if (!user) navigate('/login', { state: { from: `/packages/${slug}?buy=${pkg.id}` } });
    else setBuying(pkg);
  };

  if (error?.status === 404 || (data && data.packages.length === 0 && data.regional_packages.length === 0)) {
    return (
      <>
        <Seo page={t('country.notFoundTitle')} description={t('country.notFoundText')} />
        <NotFound title={t('country.notFoundTitle')} text={t('country.notFoundText')} action={t('country.backHome')} />
      </>
    );
  }

  // Before the answer: the names the prerendered page was made with, if it is one of those.
  const known = PRERENDERED_COUNTRIES[slug];
  const name = data?.country.name ?? known?.[i18n.resolvedLanguage === 'en' ? 'en' : 'tr'] ?? '';
  const flag = data?.country.flag ?? known?.flag;
  // A country only regional or global plans cover: they are its plans, not extras beside its own.
  const regionalHeading = !name
    ? t('packages.regional')
    : data && data.packages.length === 0
      ? t('country.regionalOnly', { country: name })
      : t('country.regional', { country: name });
  return (
    <>
      {data && (
        <Seo
          page={t('country.title', { country: name })}
          description={t('country.seoDescription', { country: name })}
        />
      )}
      <PageHeader
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
            {flag ? <Flag code={flag} size={40} /> : null}
            {/* Without a name yet, the heading names the kind of page; the country fills it in. */}
            {name ? t('country.title', { country: name }) : t('packages.title')}
          </Box>
        }
        subtitle={
          name ? (
            t('country.subtitle', { country: name })
          ) : (
            <>
              <Skeleton sx={{ bgcolor: 'rgba(255,255,255,.2)' }} />
              <Skeleton width="60%" sx={{ bgcolor: 'rgba(255,255,255,.2)' }} />
            </>
          )
        }
      />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        {loading && !data && <Skeleton variant="rounded" height={260} />}
        {error && error.status !== 404 && <Typography color="error">{error.message}</Typography>}
        {/* Prerendered rows are shown at once; buying waits for the API's answer (its package ids). */}
        {data && data.packages.length > 0 && (
          <PackageTable
            packages={data.packages}
            onBuy={onBuy}
            buyDisabled={!fresh}
            caption={t('country.title', { country: name })}
            countryCode={data.country.code}
          />
        )}
        {/* Shown from the first paint (the prerendered page), its heading completed by the answer. */}
        {(!data || data.regional_packages.length > 0) && !(error && !data) && (
          <Box sx={{ mt: 5 }}>
            <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
              {regionalHeading}
            </Typography>
            {data ? (
              <PackageTable
                packages={data.regional_packages}
                onBuy={onBuy}
                buyDisabled={!fresh}
                caption={regionalHeading}
                countryCode={data.country.code}
              />
            ) : (
              <Skeleton variant="rounded" height={200} />
            )}
          </Box>
        )}
      </Container>
      {buying && data && (
        <Suspense fallback={null}>
          <CheckoutDialog
            pkg={buying}
            countryCode={data.country.code}
            countrySlug={data.country.slug}
            resume={resume}
            onClose={() => {
              setBuying(null);
              setResume(undefined);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
