import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import FilledInput from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { CountryEntry } from '../catalog/types';

// The list shows only once the visitor types: its code comes then.
const SearchResults = lazy(() => import('./SearchResults'));

/**
 * Destination search: the catalog's own search (name in Turkish or English or code,
 * case-insensitive, Turkish-aware). Enter opens the first match.
 */
export function DestinationSearch({ label, placeholder, noMatch }: { label: string; placeholder: string; noMatch: string }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const inputId = useId();
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
      {/* TextField's parts without TextField, which would bring Select, Menu and Modal to the home page. */}
      <FormControl fullWidth variant="filled" sx={{ '& .MuiFilledInput-root': { bgcolor: 'background.paper', borderRadius: 1, '&:hover, &.Mui-focused': { bgcolor: 'background.paper' } } }}>
        <InputLabel htmlFor={inputId}>{label}</InputLabel>
        <FilledInput
          id={inputId}
          disableUnderline
          placeholder={placeholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && results?.[0]) open(results[0]);
            if (e.key === 'Escape') setQuery('');
          }}
          autoComplete="off"
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          }
          inputProps={{ role: 'combobox', 'aria-expanded': !!results, 'aria-controls': listId, 'aria-autocomplete': 'list' }}
        />
      </FormControl>
      {results && (
        <Suspense fallback={null}>
          <SearchResults id={listId} results={results} noMatch={noMatch} onOpen={open} />
        </Suspense>
      )}
    </Box>
  );
}
