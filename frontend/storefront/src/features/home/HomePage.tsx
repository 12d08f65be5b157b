import { lazy, memo, Suspense } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CountryEntry, Destinations } from '../catalog/types';
import { Flag } from '../../ui/Flag';
import { DestinationSearch } from '../search/DestinationSearch';
import { useApi } from '../../lib/useApi';
import { Seo } from '../../layout/Seo';
import { Banner } from './Banner';
import { Island } from '../../layout/Island';

// Below the first screen, a chunk of its own: a prerendered page loads it when its island renders.
const loadSections = () => import('./HomeSections');
const HomeSections = lazy(loadSections);

/**
 * The first screen's search, quick destinations and buttons. Memoised: the API's answer, when it
 * says what the prerendered one said, keeps the same list, and this part does not render again.
 */
const Hero = memo(function Hero({ quick }: { quick: CountryEntry[] | undefined }) {
  const { t } = useTranslation('home');
  return (
    <Box sx={{ bgcolor: 'hero.main', color: 'hero.contrastText', pb: { xs: 5, md: 7 }, pt: { xs: 4, md: 5 } }}>
      {/* Container maxWidth="lg"'s box (1200 px, 16/24 px gutters), without Container in the first load. */}
      <Box
        sx={{
          maxWidth: 1200,
          width: '100%',
          boxSizing: 'border-box',
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.75rem' } }}>
          {t('hero.title')}
        </Typography>
        <Typography sx={{ maxWidth: 640, fontSize: { md: '1.15rem' } }}>{t('hero.subtitle')}</Typography>
        <DestinationSearch
          label={t('hero.searchLabel')}
          placeholder={t('hero.searchPlaceholder')}
          noMatch={t('hero.noMatch')}
        />
        <Box
          aria-label={t('hero.quick')}
          role="group"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'center', minHeight: 40 }}
        >
          {(quick ?? []).map((c) => (
            // Chip-shaped links (a Button: Chip would be one more component in the first load).
            <Button
              key={c.slug}
              component={RouterLink}
              to={`/packages/${c.slug}`}
              startIcon={<Flag code={c.flag} size={18} />}
              sx={{
                bgcolor: 'rgba(255,255,255,.14)',
                color: '#fff',
                borderRadius: 5,
                height: 40,
                px: 1.75,
                fontWeight: 400,
                '&:hover': { bgcolor: 'rgba(255,255,255,.24)' },
              }}
            >
              {c.name}
            </Button>
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
      </Box>
    </Box>
  );
});

export default function HomePage() {
  const { t } = useTranslation('home');
  const destinations = useApi<Destinations>('/public/destinations');

  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} />
      <Banner />
      <Hero quick={destinations.data?.quick} />
      <Island id="home-sections" data={destinations.data} load={loadSections}>
        {/* Room held for the sections while their chunk loads, so the footer does not jump. */}
        <Suspense fallback={<Box sx={{ minHeight: '100vh' }} />}>
          <HomeSections destinations={destinations} />
        </Suspense>
      </Island>
    </>
  );
}
