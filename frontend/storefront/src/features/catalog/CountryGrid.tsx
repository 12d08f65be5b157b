import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flag } from '../../ui/Flag';
import { formatEuro } from '@esim/frontend-shared/format';
import type { CountryEntry } from './types';
import { skippedOffscreen } from '../../ui/offscreen';

const LAYOUTS = {
  /** The home page's popular destinations: three wide cards a row. */
  wide: { columns: { xs: 1, sm: 2, md: 3 }, spacing: 2, flag: 48, padding: 2, height: 88 },
  /** The packages page's full list: four a row. */
  compact: { columns: { xs: 1, sm: 2, md: 3, lg: 4 }, spacing: 1.5, flag: 36, padding: 1.5, height: 64 },
} as const;

/**
 * A country's card: one link with its flag, name and price. Plain elements styled from the link,
 * not a Card, an action area and two Typography: the packages page lists some 150 of them, and
 * each element and class name more is parsed, styled and laid out on a phone before it can paint.
 */
const CountryCard = styled(RouterLink)(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  color: theme.palette.text.primary,
  textDecoration: 'none',
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  '& > div': { minWidth: 0 },
  '& h3': {
    ...theme.typography.body1,
    fontWeight: 600,
    margin: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& p': { ...theme.typography.body2, color: theme.palette.text.secondary, margin: 0 },
}));

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
  const columns = Object.fromEntries(
    Object.entries(l.columns).map(([breakpoint, count]) => [breakpoint, `repeat(${count}, minmax(0, 1fr))`]),
  );
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: columns, gap: l.spacing }}>
      {loading && Array.from({ length: skeletons }, (_, i) => <Skeleton key={i} variant="rounded" height={l.height} />)}
      {countries.map((c) => (
        <CountryCard
          key={c.slug}
          to={`/packages/${c.slug}`}
          sx={{ p: l.padding, gap: l.padding, ...skippedOffscreen(l.height) }}
        >
          <Flag code={c.flag} size={l.flag} />
          <div>
            <h3>{c.name}</h3>
            <p>
              {c.price_from === null ? t('popular.noPrice') : t('popular.from', { price: formatEuro(c.price_from) })}
            </p>
          </div>
        </CountryCard>
      ))}
    </Box>
  );
}
