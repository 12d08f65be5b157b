import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { CountryEntry } from '../catalog/types';
import { Flag } from '../flags/Flag';

/**
 * Destination search: the catalog's own search (name in Turkish or English or code,
 * case-insensitive, Turkish-aware). Enter opens the first match.
 */
export function DestinationSearch({ label, placeholder, noMatch }: { label: string; placeholder: string; noMatch: string }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CountryEntry[] | null>(null);

  useEffect(() => {
    const search = query.trim();
    if (!search) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<CountryEntry[]>(`/public/countries?search=${encodeURIComponent(search)}`, controller.signal).then(
        (countries) => setResults(countries.slice(0, 8)),
        (error) => {
          if ((error as Error)?.name !== 'AbortError') setResults([]);
        },
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, i18n.resolvedLanguage]);

  const open = (country: CountryEntry) => {
    navigate(`/packages/${country.slug}`);
  };

  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: 560 }}>
      <TextField
        fullWidth
        variant="filled"
        label={label}
        placeholder={placeholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && results?.[0]) open(results[0]);
          if (e.key === 'Escape') setQuery('');
        }}
        autoComplete="off"
        slotProps={{
          input: { disableUnderline: true, startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
          htmlInput: { role: 'combobox', 'aria-expanded': !!results, 'aria-controls': listId, 'aria-autocomplete': 'list' },
        }}
        sx={{ '& .MuiFilledInput-root': { bgcolor: 'background.paper', borderRadius: 1, '&:hover, &.Mui-focused': { bgcolor: 'background.paper' } } }}
      />
      {results && (
        <Paper elevation={6} sx={{ position: 'absolute', top: '100%', left: 0, right: 0, mt: 0.5, zIndex: 10 }}>
          <List id={listId} role="listbox" dense>
            {results.length === 0 && <ListItemText sx={{ px: 2, py: 1 }} primary={noMatch} />}
            {results.map((country) => (
              <ListItemButton key={country.code} role="option" onClick={() => open(country)} sx={{ gap: 1.5 }}>
                <Flag code={country.flag} size={24} />
                <ListItemText primary={country.name} secondary={country.code} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
