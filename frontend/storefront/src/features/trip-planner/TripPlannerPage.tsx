import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CountryEntry } from '../catalog/types';
import { useCountryPackages } from '../catalog/useCountryPackages';
import { Flag } from '../../ui/Flag';
import { formatEuro } from '@esim/frontend-shared/format';
import { MAX_TRIP_DAYS, parseTripDays, planTrip } from './plan';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';

export default function TripPlannerPage() {
  const { t } = useTranslation('shop');
  const countries = useApi<CountryEntry[]>('/public/countries');
  const [chosen, setChosen] = useState<CountryEntry[]>([]);
  const [days, setDays] = useState('7');
  const length = parseTripDays(days);
  const { answers, loading } = useCountryPackages(chosen.map((c) => c.slug));
  const options = length === undefined ? [] : planTrip(answers, length);

  return (
    <>
      <Seo title={t('trip.seo.title')} description={t('trip.seo.description')} />
      <PageHeader title={t('trip.title')} subtitle={t('trip.subtitle')} />
      <Container maxWidth="md" sx={{ mt: 4 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Autocomplete
            multiple
            options={(countries.data ?? []).filter((c) => c.has_packages)}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.slug === b.slug}
            loading={countries.loading && !countries.data}
            renderOption={(props, c) => (
              <Box component="li" {...props} key={c.slug} sx={{ display: 'flex', gap: 1.5 }}>
                <Flag code={c.flag} size={24} />
                {c.name}
              </Box>
            )}
            renderInput={(params) => <TextField {...params} label={t('trip.countries')} placeholder={t('trip.pick')} />}
            sx={{ flex: '1 1 300px' }}
          />
          <TextField
            label={t('trip.days')}
            type="number"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={length === undefined}
            helperText={length === undefined ? t('trip.daysInvalid') : undefined}
            slotProps={{ htmlInput: { min: 1, max: MAX_TRIP_DAYS, inputMode: 'numeric' } }}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
        </Paper>
        <Box sx={{ mt: 3 }} aria-live="polite">
          {chosen.length === 0 && <Typography color="text.secondary">{t('trip.empty')}</Typography>}
          {chosen.length > 0 && loading && <Skeleton variant="rounded" height={120} />}
          {chosen.length > 0 && !loading && length !== undefined && options.length === 0 && (
            <Typography color="text.secondary">{t('trip.none')}</Typography>
          )}
          {!loading &&
            options.map((option, index) => (
              <Paper
                key={option.items.map((i) => i.pkg.id).join('+')}
                variant="outlined"
                sx={{
                  p: 2.5,
                  mb: 2,
                  borderColor: index === 0 ? 'success.main' : undefined,
                  borderWidth: index === 0 ? 2 : 1,
                }}
                data-testid="trip-option"
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h2" sx={{ fontSize: '1.15rem', flexGrow: 1 }}>
                    {option.kind === 'single'
                      ? t('trip.oneRegional', { name: option.items[0]!.pkg.name })
                      : t('trip.locals')}
                  </Typography>
                  {index === 0 && <Chip color="success" size="small" label={t('trip.cheapest')} />}
                  <Typography sx={{ fontWeight: 700 }}>
                    {t('trip.total', { price: formatEuro(option.total) })}
                  </Typography>
                </Box>
                {option.items.map(({ pkg, countrySlug }) => (
                  <Box
                    key={`${pkg.id}-${countrySlug}`}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}
                  >
                    <Typography sx={{ flexGrow: 1 }}>
                      {pkg.name} — {t('trip.covers', { days: pkg.duration, data: pkg.data })} — {formatEuro(pkg.price)}
                    </Typography>
                    <Button
                      size="small"
                      variant="outlined"
                      component={RouterLink}
                      to={`/packages/${countrySlug}?buy=${pkg.id}`}
                    >
                      {t('trip.buy')}
                    </Button>
                  </Box>
                ))}
              </Paper>
            ))}
        </Box>
      </Container>
    </>
  );
}
