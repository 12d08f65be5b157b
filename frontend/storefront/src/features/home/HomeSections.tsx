import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import TouchAppIcon from '@mui/icons-material/TouchAppOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CountryGrid } from '../catalog/CountryGrid';
import type { Destinations, Region } from '../catalog/types';
import { skippedOffscreen } from '../../ui/offscreen';

export const HOME_REGIONS = ['all', 'europe', 'asia', 'americas', 'africa'] as const;

function Section({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <Container
      component="section"
      maxWidth="lg"
      sx={{ mt: { xs: 6, md: 8 }, ...skippedOffscreen(600) }}
      aria-labelledby={id}
    >
      <Typography variant="h2" id={id} sx={{ mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

/** The home page below its first screen (features, coverage, popular destinations, steps): a chunk of its own. */
export default function HomeSections({ destinations }: { destinations: { data?: Destinations; loading: boolean } }) {
  const { t } = useTranslation('home');
  const [region, setRegion] = useState<(typeof HOME_REGIONS)[number]>('all');
  const featured = (destinations.data?.featured ?? []).filter(
    (c) => region === 'all' || c.region === (region as Region),
  );
  return (
    <>
      <Section title={t('features.title')} id="features">
        <Grid container spacing={3}>
          {(
            [
              ['security', ShieldIcon],
              ['speed', SpeedIcon],
              ['ease', TouchAppIcon],
            ] as const
          ).map(([key, Icon]) => (
            <Grid key={key} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ p: 3, height: '100%', textAlign: 'center' }}>
                <Icon color="primary" sx={{ fontSize: 44 }} />
                <Typography variant="h3" sx={{ mt: 1 }}>
                  {t(`features.${key}.title`)}
                </Typography>
                <Typography sx={{ mt: 1 }} color="text.secondary">
                  {t(`features.${key}.text`)}
                </Typography>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Section>

      <Section title={t('coverage.title')} id="coverage">
        <Grid container spacing={2}>
          {(['countries', 'activation', 'support'] as const).map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 4 }}>
              <Box sx={{ textAlign: 'center', p: 2 }}>
                <Typography sx={{ fontSize: '2.25rem', fontWeight: 700 }} color="primary">
                  {/* The country figure is the catalogue's own count once it answers. */}
                  {key === 'countries' && destinations.data
                    ? destinations.data.country_count
                    : t(`coverage.${key}.value`)}
                </Typography>
                <Typography color="text.secondary">{t(`coverage.${key}.label`)}</Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center' }}>
          <Button component={RouterLink} to="/coverage">
            {t('coverage.link')}
          </Button>
        </Box>
      </Section>

      <Section title={t('popular.title')} id="popular">
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3, overflowX: 'auto' }}>
          <ToggleButtonGroup
            exclusive
            value={region}
            onChange={(_, value) => value && setRegion(value)}
            aria-label={t('popular.filter')}
            size="small"
          >
            {HOME_REGIONS.map((r) => (
              <ToggleButton key={r} value={r} sx={{ px: 2 }}>
                {t(`common:regions.${r}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <CountryGrid
          countries={featured}
          loading={destinations.loading && !destinations.data}
          skeletons={9}
          layout="wide"
        />
        {!(destinations.loading && !destinations.data) && featured.length === 0 && (
          <Typography sx={{ textAlign: 'center' }} color="text.secondary">
            {t('popular.empty')}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          {t('popular.note')}
        </Typography>
      </Section>

      <Section title={t('steps.title')} id="steps">
        <Grid container spacing={3} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {(t('steps.items', { returnObjects: true }) as Array<{ title: string; text: string }>).map((step, i) => (
            <Grid key={step.title} size={{ xs: 12, md: 4 }} component="li">
              <Box sx={{ textAlign: 'center', p: 2 }}>
                <Box
                  sx={{
                    width: 48,
                    height: 48,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    display: 'grid',
                    placeItems: 'center',
                    mx: 'auto',
                    fontWeight: 700,
                    fontSize: '1.25rem',
                  }}
                >
                  {i + 1}
                </Box>
                <Typography variant="h3" sx={{ mt: 1.5 }}>
                  {step.title}
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {step.text}
                </Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
          <Button component={RouterLink} to="/register" variant="contained" size="large">
            {t('buttons.register')}
          </Button>
          <Button component={RouterLink} to="/demo" variant="outlined" size="large">
            {t('buttons.demo')}
          </Button>
        </Box>
      </Section>
    </>
  );
}
