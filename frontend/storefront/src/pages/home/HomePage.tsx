import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import TouchAppIcon from '@mui/icons-material/TouchAppOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Destinations, Region } from '../../features/catalog/types';
import { Flag } from '../../features/flags/Flag';
import { formatCurrency } from '../../features/format/format';
import { DestinationSearch } from '../../features/search/DestinationSearch';
import { useApi } from '../../features/ui/useApi';
import { Seo } from '../../layout/Seo';
import { Banner } from './Banner';

export const HOME_REGIONS = ['all', 'europe', 'asia', 'americas', 'africa'] as const;

function Section({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <Container component="section" maxWidth="lg" sx={{ mt: { xs: 6, md: 8 } }} aria-labelledby={id}>
      <Typography variant="h2" id={id} sx={{ mb: 3, textAlign: 'center' }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

export default function HomePage() {
  const { t } = useTranslation('home');
  const destinations = useApi<Destinations>('/public/destinations');
  const [region, setRegion] = useState<(typeof HOME_REGIONS)[number]>('all');
  const featured = (destinations.data?.featured ?? []).filter((c) => region === 'all' || c.region === (region as Region));

  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} />
      <Banner />
      <Box sx={{ bgcolor: 'primary.dark', color: '#fff', pb: { xs: 5, md: 7 }, pt: { xs: 4, md: 5 } }}>
        <Container maxWidth="lg" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.75rem' } }}>
            {t('hero.title')}
          </Typography>
          <Typography sx={{ maxWidth: 640, fontSize: { md: '1.15rem' } }}>{t('hero.subtitle')}</Typography>
          <DestinationSearch label={t('hero.searchLabel')} placeholder={t('hero.searchPlaceholder')} noMatch={t('hero.noMatch')} />
          <Box aria-label={t('hero.quick')} role="group" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', minHeight: 40 }}>
            {(destinations.data?.quick ?? []).map((c) => (
              <Chip
                key={c.slug}
                component={RouterLink}
                to={`/packages/${c.slug}`}
                clickable
                icon={<Flag code={c.flag} size={18} />}
                label={c.name}
                sx={{ bgcolor: 'rgba(255,255,255,.14)', color: '#fff', '& .MuiChip-icon': { ml: 1 }, height: 40, '&:hover': { bgcolor: 'rgba(255,255,255,.24)' } }}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center', mt: 1 }}>
            <Button component={RouterLink} to="/packages" variant="contained" color="secondary" size="large">
              {t('buttons.packages')}
            </Button>
            <Button component={RouterLink} to="/how-it-works" variant="outlined" color="inherit" size="large">
              {t('buttons.howItWorks')}
            </Button>
            <Button component={RouterLink} to="/balance" variant="outlined" color="inherit" size="large">
              {t('buttons.balance')}
            </Button>
          </Box>
        </Container>
      </Box>

      <Section title={t('features.title')} id="features">
        <Grid container spacing={3}>
          {([['security', ShieldIcon], ['speed', SpeedIcon], ['ease', TouchAppIcon]] as const).map(([key, Icon]) => (
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
                  {t(`coverage.${key}.value`)}
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
          <ToggleButtonGroup exclusive value={region} onChange={(_, value) => value && setRegion(value)} aria-label={t('popular.filter')} size="small">
            {HOME_REGIONS.map((r) => (
              <ToggleButton key={r} value={r} sx={{ px: 2 }}>
                {t(`common:regions.${r}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <Grid container spacing={2}>
          {destinations.loading &&
            Array.from({ length: 9 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
                <Skeleton variant="rounded" height={88} />
              </Grid>
            ))}
          {featured.map((c) => (
            <Grid key={c.slug} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined">
                <CardActionArea component={RouterLink} to={`/packages/${c.slug}`} sx={{ p: 2, display: 'flex', gap: 2, justifyContent: 'flex-start' }}>
                  <Flag code={c.flag} size={48} />
                  <Box>
                    <Typography component="h3" sx={{ fontWeight: 600 }}>
                      {c.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {c.price_from === null ? t('popular.noPrice') : t('popular.from', { price: formatCurrency(c.price_from) })}
                    </Typography>
                  </Box>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
        {!destinations.loading && featured.length === 0 && (
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
                <Box sx={{ width: 48, height: 48, borderRadius: '50%', bgcolor: 'primary.main', color: 'primary.contrastText', display: 'grid', placeItems: 'center', mx: 'auto', fontWeight: 700, fontSize: '1.25rem' }}>
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
