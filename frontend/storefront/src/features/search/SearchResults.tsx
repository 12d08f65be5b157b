import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { CountryEntry } from '../catalog/types';
import { Flag } from '../../ui/Flag';

/** The destination search's drop-down list of matches. */
export default function SearchResults({
  id,
  results,
  noMatch,
  onOpen,
}: {
  id: string;
  results: CountryEntry[];
  noMatch: string;
  onOpen: (country: CountryEntry) => void;
}) {
  return (
    <Paper elevation={6} sx={{ position: 'absolute', top: '100%', left: 0, right: 0, mt: 0.5, zIndex: 10 }}>
      <List id={id} role="listbox" dense>
        {results.length === 0 && <ListItemText sx={{ px: 2, py: 1 }} primary={noMatch} />}
        {results.map((country) => (
          <ListItemButton key={country.code} role="option" onClick={() => onOpen(country)} sx={{ gap: 1.5 }}>
            <Flag code={country.flag} size={24} />
            <ListItemText primary={country.name} secondary={country.code} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
