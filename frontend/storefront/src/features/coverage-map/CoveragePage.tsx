import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Coverage, CoverageCountry, RegionCount } from '../catalog/types';
import { Flag } from '../../ui/Flag';
import { searchCountries } from '../catalog/countrySearch';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { useGrowingCount } from '../../lib/useGrowingCount';
import { Island } from '../../layout/Island';
import { skippedOffscreen } from '../../ui/offscreen';
import { SearchField } from '../../ui/SearchField';

// Leaflet and the shapes load after the page paints (they are the heavy part of this route).
const CoverageMap = lazy(() => import('./CoverageMap'));
const LEGEND = [
  ['covered', '#1b7a3a'],
  ['comingSoon', '#e0a100'],
  ['notAvailable', '#9aa0a6'],
] as const;

export const DARK_TILES_FILTER = 'invert(1) hue-rotate(180deg) brightness(0.85) contrast(0.9) saturate(0.6)';

const ROW_OFFSCREEN = skippedOffscreen(52);

/** A row of the list, memoised: each batch the list grows by renders only its new rows. */
const CountryRow = memo(function CountryRow({
  country,
  selected,
  status,
  onToggle,
}: {
  country: CoverageCountry;
  selected: boolean;
  status: string;
  onToggle(a3: string): void;
}) {
  return (
    <ListItemButton
      selected={selected}
      aria-pressed={selected}
      onClick={() => onToggle(country.a3)}
      sx={{ gap: 1.5, ...ROW_OFFSCREEN }}
    >
      <Flag code={country.flag} size={24} />
      <ListItemText primary={country.name} secondary={status} />
    </ListItemButton>
  );
});

/** The list of covered and coming countries matching the search, filled in batches (about 130 rows at once would be one long task on a phone). */
function CountryList({
  coverage,
  listed,
  selected,
  onToggle,
}: {
  coverage: { data?: Coverage; loading: boolean };
  listed: CoverageCountry[];
  selected: string | null;
  onToggle(a3: string): void;
}) {
  const { t } = useTranslation('coverage');
  const shown = useGrowingCount(listed.length, 30);
  return (
    <Paper variant="outlined" sx={{ mt: 2, maxHeight: { md: 420 }, overflowY: 'auto' }}>
      <Typography component="h2" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        {t('list')}
      </Typography>
      <List dense aria-label={t('list')}>
        {coverage.loading && !coverage.data && <Skeleton sx={{ mx: 2 }} height={120} />}
        {!(coverage.loading && !coverage.data) && listed.length === 0 && (
          <ListItemText sx={{ px: 2 }} primary={t('noMatch')} />
        )}
        {listed.slice(0, shown).map((c) => (
          <CountryRow
            key={c.a3}
            country={c}
            selected={selected === c.a3}
            status={c.coverage_status === 'covered' ? t('covered') : t('comingSoon')}
            onToggle={onToggle}
          />
        ))}
      </List>
    </Paper>
  );
}

/**
 * The map's frame. Leaflet draws in the browser only: the prerendered page and its hydration hold
 * its place (a still placeholder: an animated one would send the page an event per pulse), and the
 * map comes once this part has mounted, a render of its own rather than of the whole page.
 */
function MapPanel({
  countries,
  selected,
  onSelect,
  flyTo,
}: {
  countries: CoverageCountry[] | undefined;
  selected: string | null;
  onSelect(a3: string | null): void;
  flyTo: string | null;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <Skeleton variant="rectangular" height="100%" animation={false} />;
  return (
    <Paper
      variant="outlined"
      sx={[
        { height: { xs: 360, md: 520 }, overflow: 'hidden', position: 'relative' },
        // The map's light tiles darkened in dark mode (inverted, their hues turned back, dimmed).
        (theme) => ({
          '& .leaflet-tile-pane': { filter: theme.palette.mode === 'dark' ? DARK_TILES_FILTER : 'none' },
          '& .leaflet-container': { bgcolor: theme.palette.mode === 'dark' ? '#1b1f24' : '#ddd' },
        }),
      ]}
    >
      <Suspense fallback={placeholder}>
        {countries && mounted ? (
          <CoverageMap countries={countries} selected={selected} onSelect={onSelect} flyTo={flyTo} />
        ) : (
          placeholder
        )}
      </Suspense>
    </Paper>
  );
}

export default function CoveragePage() {
  const { t } = useTranslation('coverage');
  const coverage = useApi<Coverage>('/public/coverage');
  const regions = useApi<RegionCount[]>('/public/regions');
  const [selected, setSelected] = useState<string | null>(null);
  const [flyTo, setFlyTo] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const countries = coverage.data?.countries ?? [];
  const listed = searchCountries(countries, search);

  const select = useCallback((a3: string | null) => {
    setSelected(a3);
    if (a3) setFlyTo(a3);
  }, []);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  // Stable, so a selection re-renders only the two rows it changes.
  const toggle = useCallback((a3: string) => select(selectedRef.current === a3 ? null : a3), [select]);

  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Container maxWidth="lg" sx={{ mt: 4 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }} sx={{ order: { xs: 2, md: 1 } }}>
            <SearchField
              fullWidth
              label={t('search')}
              value={search}
              onChange={(value) => {
                setSearch(value);
                const first = value.trim() ? searchCountries(countries, value)[0] : undefined;
                if (first) setFlyTo(first.a3);
              }}
            />
            {/* As prerendered until the visitor acts (a search, a tap on the map) or the answer differs. */}
            <Island id="coverage-list" data={coverage.data}>
              <CountryList coverage={coverage} listed={listed} selected={selected} onToggle={toggle} />
            </Island>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }} sx={{ order: { xs: 1, md: 2 } }}>
            <MapPanel countries={coverage.data?.countries} selected={selected} onSelect={select} flyTo={flyTo} />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }} role="list" aria-label={t('legend')}>
              {LEGEND.map(([key, color]) => (
                <Box key={key} role="listitem" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                  <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: color }} />
                  <Typography variant="body2">{t(key)}</Typography>
                </Box>
              ))}
            </Box>
          </Grid>
        </Grid>
        <Typography variant="h2" sx={{ fontSize: '1.35rem', mt: 5, mb: 2 }}>
          {t('regions')}
        </Typography>
        <Island id="coverage-regions" data={regions.data}>
          <Grid container spacing={2}>
            {(regions.data ?? []).map((r) => (
              <Grid key={r.region} size={{ xs: 6, md: 3 }}>
                <Card variant="outlined" sx={{ p: 2, textAlign: 'center' }}>
                  <Typography sx={{ fontWeight: 700 }}>{r.name}</Typography>
                  <Typography color="text.secondary">{t('countries', { count: r.country_count })}</Typography>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Island>
      </Container>
    </>
  );
}
