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

/** The rest of a long list, behind a button-like summary that says how many there are. */
const ShowAll = styled('details')(({ theme }) => ({
  '& > summary': {
    ...theme.typography.button,
    display: 'flex',
    justifyContent: 'center',
    margin: theme.spacing(2, 0),
    padding: theme.spacing(1, 2),
    color: theme.palette.primary.main,
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    cursor: 'pointer',
    listStyle: 'none',
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  },
  '&:not([open]) .open, &[open] .closed': { display: 'none' },
}));

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

/**
 * Country cards linking to each country's packages, with "from €x" (skeletons while loading).
 * With `collapseAfter`, cards past that many wait in a closed `<details>` ("show all"): they are in
 * the page (for crawlers, find-in-page and without script) but not styled or laid out until opened.
 */
export function CountryGrid({
  countries,
  loading,
  skeletons,
  layout,
  collapseAfter,
}: {
  countries: CountryEntry[];
  loading: boolean;
  skeletons: number;
  layout: keyof typeof LAYOUTS;
  collapseAfter?: number;
}) {
  const { t } = useTranslation(['home', 'shop']);
  const l = LAYOUTS[layout];
  const grid = {
    display: 'grid',
    gap: l.spacing,
    gridTemplateColumns: Object.fromEntries(
      Object.entries(l.columns).map(([breakpoint, count]) => [breakpoint, `repeat(${count}, minmax(0, 1fr))`]),
    ),
  };
  const first = collapseAfter !== undefined && countries.length > collapseAfter ? collapseAfter : countries.length;
  const card = (c: CountryEntry) => (
    <CountryCard
      key={c.slug}
      to={`/packages/${c.slug}`}
      sx={{ p: l.padding, gap: l.padding, ...skippedOffscreen(l.height) }}
    >
      <Flag code={c.flag} size={l.flag} />
      <div>
        <h3>{c.name}</h3>
        <p>{c.price_from === null ? t('popular.noPrice') : t('popular.from', { price: formatEuro(c.price_from) })}</p>
      </div>
    </CountryCard>
  );
  return (
    <>
      <Box sx={grid}>
        {loading &&
          Array.from({ length: skeletons }, (_, i) => <Skeleton key={i} variant="rounded" height={l.height} />)}
        {countries.slice(0, first).map(card)}
      </Box>
      {first < countries.length && (
        <ShowAll>
          <summary>
            <span className="closed">{t('shop:packages.showAll', { count: countries.length })}</span>
            <span className="open">{t('shop:packages.showFewer')}</span>
          </summary>
          <Box sx={grid}>{countries.slice(first).map(card)}</Box>
        </ShowAll>
      )}
    </>
  );
}
