import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../ui/Flag';
import { formatEuro } from '@esim/frontend-shared/format';
import type { CountryEntry } from './types';
import { skippedOffscreen } from '../../ui/offscreen';

const LAYOUTS = {
  /** The home page's popular destinations: three wide cards a row. */
  wide: { size: { xs: 12, sm: 6, md: 4 }, spacing: 2, flag: 48, padding: 2, skeleton: 88 },
  /** The packages page's full list: four a row. */
  compact: { size: { xs: 12, sm: 6, md: 4, lg: 3 }, spacing: 1.5, flag: 36, padding: 1.5, skeleton: 64 },
} as const;

/** Country cards linking to each country's packages, with "from €x" (skeletons while loading). */
export function CountryGrid({
  countries,
  loading,
  skeletons,
  layout,
}: {
  countries: CountryEntry[];
  loading: boolean;
  skeletons: number;
  layout: keyof typeof LAYOUTS;
}) {
  const { t } = useTranslation('home');
  const l = LAYOUTS[layout];
  return (
    <Grid container spacing={l.spacing}>
      {loading &&
        Array.from({ length: skeletons }, (_, i) => (
          <Grid key={i} size={l.size}>
            <Skeleton variant="rounded" height={l.skeleton} />
          </Grid>
        ))}
      {countries.map((c) => (
        <Grid key={c.slug} size={l.size} sx={skippedOffscreen(l.skeleton)}>
          <Card variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={`/packages/${c.slug}`}
              sx={{ p: l.padding, display: 'flex', gap: l.padding, justifyContent: 'flex-start' }}
            >
              <Flag code={c.flag} size={l.flag} />
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h3" sx={{ fontWeight: 600 }} noWrap>
                  {c.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.price_from === null
                    ? t('popular.noPrice')
                    : t('popular.from', { price: formatEuro(c.price_from) })}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
