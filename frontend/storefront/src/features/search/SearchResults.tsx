import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import PublicIcon from '@mui/icons-material/Public';
import { useTranslation } from 'react-i18next';
import { formatEuro } from '@esim/frontend-shared/format';
import type { DestinationHit } from '../catalog/types';
import { Flag } from '../../ui/Flag';
import { SEARCH_SUGGESTIONS_LAYER } from '../../ui/layers';

/** The destination search's drop-down list: countries by flag, regional and global plans by a globe. */
export default function SearchResults({
  id,
  results,
  noMatch,
  onOpen,
}: {
  id: string;
  results: DestinationHit[];
  noMatch: string;
  onOpen: (hit: DestinationHit) => void;
}) {
  const { t } = useTranslation('home');
  return (
    <Paper
      elevation={6}
      sx={(theme) => ({
        position: 'absolute',
        top: '100%',
        left: 0,
        right: 0,
        mt: 0.5,
        zIndex: theme.zIndex.appBar + SEARCH_SUGGESTIONS_LAYER,
        textAlign: 'left',
      })}
    >
      <List id={id} role="listbox" dense>
        {results.length === 0 && <ListItemText sx={{ px: 2, py: 1 }} primary={noMatch} />}
        {results.map((hit) =>
          hit.type === 'country' ? (
            <ListItemButton
              key={`country-${hit.country.code}`}
              role="option"
              onClick={() => onOpen(hit)}
              sx={{ gap: 1.5 }}
            >
              <Flag code={hit.country.flag} size={24} />
              <ListItemText primary={hit.country.name} secondary={hit.country.code} />
            </ListItemButton>
          ) : (
            <ListItemButton key={`plan-${hit.plan.id}`} role="option" onClick={() => onOpen(hit)} sx={{ gap: 1.5 }}>
              <PublicIcon sx={{ fontSize: 24, color: 'primary.main' }} />
              <ListItemText
                primary={hit.plan.name}
                secondary={[
                  t(hit.plan.type === 'global' ? 'hero.globalPlan' : 'hero.regionalPlan'),
                  t('shop:packages.coversCountries', { count: hit.plan.country_count }),
                  hit.plan.data,
                  formatEuro(hit.plan.price),
                ].join(' · ')}
              />
            </ListItemButton>
          ),
        )}
      </List>
    </Paper>
  );
}
