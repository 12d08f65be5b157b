import { memo, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';

export const BANNER_INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** The first slide is the brand's (the theme's gradient of the identity's colour); null marks it. */
const BACKGROUNDS = [
  null,
  'linear-gradient(120deg, #5b1a8a 0%, #8e24aa 60%, #ab47bc 100%)',
  'linear-gradient(120deg, #00695c 0%, #00897b 60%, #26a69a 100%)',
];

/**
 * Three slides, every 5 s, wrapping; arrows and dots; pauses on hover or focus and under reduced
 * motion. Memoised (no props): a render of the page does not reach it.
 */
export const Banner = memo(function Banner() {
  const { t } = useTranslation('home');
  const slides = t('slides', { returnObjects: true }) as Array<{ title: string; text: string }>;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (paused || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  const slide = slides[index]!;
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={slide.title}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={[
        {
          position: 'relative',
          color: '#fff',
          background: (theme) => BACKGROUNDS[index % BACKGROUNDS.length] ?? theme.palette.hero.gradient,
          transition: 'background 400ms ease',
          minHeight: { xs: 180, md: 220 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 6, md: 10 },
          py: 3,
        },
        // In dark mode the slides are dimmed, so the band does not glare beside the dark page.
        (theme) => (theme.palette.mode === 'dark' ? { boxShadow: 'inset 0 0 0 100vmax rgba(0, 0, 0, 0.38)' } : {}),
      ]}
    >
      <Box
        aria-live={paused ? 'polite' : 'off'}
        sx={{ textAlign: 'center', maxWidth: 760 }}
        aria-roledescription="slide"
        aria-label={t('slideOf', { n: index + 1, total: count })}
      >
        <Typography component="h2" sx={{ fontSize: { xs: '1.4rem', md: '2rem' }, fontWeight: 700 }}>
          {slide.title}
        </Typography>
        <Typography sx={{ mt: 1, fontSize: { xs: '1rem', md: '1.15rem' } }}>{slide.text}</Typography>
      </Box>
      <IconButton
        aria-label={t('common:actions.previous')}
        onClick={() => setIndex((i) => (i - 1 + count) % count)}
        sx={{ position: 'absolute', left: 4, color: '#fff' }}
      >
        <ChevronLeftIcon fontSize="large" />
      </IconButton>
      <IconButton
        aria-label={t('common:actions.next')}
        onClick={() => setIndex((i) => (i + 1) % count)}
        sx={{ position: 'absolute', right: 4, color: '#fff' }}
      >
        <ChevronRightIcon fontSize="large" />
      </IconButton>
      <Box sx={{ position: 'absolute', bottom: 4, display: 'flex' }}>
        {slides.map((s, i) => (
          <Box
            key={s.title}
            component="button"
            type="button"
            aria-label={t('goToSlide', { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            sx={{
              width: 24,
              height: 24,
              border: 0,
              background: 'none',
              cursor: 'pointer',
              display: 'grid',
              placeItems: 'center',
              p: 0,
            }}
          >
            <Box
              component="span"
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: i === index ? '#fff' : 'rgba(255,255,255,.5)',
              }}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
});
