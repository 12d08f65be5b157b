import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CountryGrid } from './CountryGrid';
import type { CountryEntry, Region } from './types';
import type { PublicPackage } from './types';
import { useCountryPackages } from './useCountryPackages';
import { REGION_SAMPLES } from './regional';
import { planSummary } from './planSummary';
import { formatEuro } from '@esim/frontend-shared/format';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { Island } from '../../layout/Island';
import { SearchField } from '../../ui/SearchField';

// Opened on "Plan details": its code comes then.
const PlanDetailsDialog = lazy(() => import('./PlanDetailsDialog'));
/** Six rows of four on a desktop; the rest open with "show all" (a search shows every match). */
const COUNTRIES_BEFORE_SHOW_ALL = 24;
const REGIONS: Array<'all' | Region> = ['all', 'europe', 'asia', 'americas', 'africa', 'oceania'];

export default function PackagesPage() {
  const { t } = useTranslation('shop');
  const [search, setSearch] = useState('');
  const [region, setRegion] = useState<'all' | Region>('all');
  const deferred = useDeferredValue(search.trim());
  const query = new URLSearchParams();
  if (deferred) query.set('search', deferred);
  if (region !== 'all') query.set('region', region);
  const countries = useApi<CountryEntry[]>(`/public/countries${query.size ? `?${query}` : ''}`);
  // Regional and global packages: those covering one country of each region, without duplicates.
  const wider = useCountryPackages(REGION_SAMPLES);
  const regional = useMemo(
    () =>
      [...new Map(wider.answers.flatMap((a) => a.regional_packages).map((p) => [p.id, p])).values()].sort(
        (a, b) => a.price - b.price,
      ),
    [wider.answers],
  );
  // What the plans' cards show: the prerendered answer's package ids (their codes) are not the API's, the rest is.
  const regionalShown = useMemo(() => JSON.stringify(regional.map((p) => ({ ...p, id: undefined }))), [regional]);

  return (
    <>
      <Seo title={t('packages.seo.title')} description={t('packages.seo.description')} />
      <PageHeader title={t('packages.title')} subtitle={t('packages.subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
          <SearchField label={t('packages.search')} value={search} onChange={setSearch} sx={{ flex: '1 1 260px' }} />
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={region}
              onChange={(_, v) => v && setRegion(v)}
              aria-label={t('common:regions.all')}
            >
              {REGIONS.map((r) => (
                <ToggleButton key={r} value={r}>
                  {t(`common:regions.${r}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
          {t('packages.countries')}
        </Typography>
        {/* The list and the plans as prerendered until the visitor acts or the answer differs. */}
        <Island id="countries" data={countries.data}>
          <CountryGrid
            countries={countries.data?.filter((c) => c.has_packages) ?? []}
            loading={countries.loading && !countries.data}
            skeletons={12}
            layout="compact"
            collapseAfter={deferred ? undefined : COUNTRIES_BEFORE_SHOW_ALL}
          />
          {countries.data && countries.data.filter((c) => c.has_packages).length === 0 && (
            <Typography color="text.secondary">{t('packages.noCountries')}</Typography>
          )}
        </Island>
        <Island id="regional-packages" data={regionalShown}>
          <RegionalPackages packages={regional} />
        </Island>
      </Container>
    </>
  );
}

function RegionalPackages({ packages }: { packages: PublicPackage[] }) {
  const { t } = useTranslation('shop');
  const [details, setDetails] = useState<PublicPackage | null>(null);
  if (packages.length === 0) return null;
  return (
    <Box sx={{ mt: 5 }}>
      <Typography variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        {t('packages.regional')}
      </Typography>
      <Grid container spacing={1.5}>
        {packages.map((p) => (
          <Grid key={p.code} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('common:format.days', { count: p.duration })} · {p.data} ·{' '}
                {t('packages.coversCountries', { count: p.country_count })}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="plan-summary">
                {planSummary(p, t)}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{formatEuro(p.price)}</Typography>
                <Button
                  size="small"
                  onClick={() => setDetails(p)}
                  aria-haspopup="dialog"
                  aria-label={`${t('plan.details')}: ${p.name}`}
                >
                  {t('plan.details')}
                </Button>
              </Box>
            </Card>
          </Grid>
        ))}
      </Grid>
      {details && (
        <Suspense fallback={null}>
          <PlanDetailsDialog pkg={details} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </Box>
  );
}
