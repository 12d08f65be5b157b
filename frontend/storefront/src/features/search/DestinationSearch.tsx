import { lazy, Suspense, useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
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
export function DestinationSearch({
  label,
  placeholder,
  noMatch,
}: {
  label: string;
  placeholder: string;
  noMatch: string;
}) {
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
      {/* A plain input styled like a filled field: MUI's inputs would add ~8 kB gzip to the home page's first load. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 1.5,
          py: 0.75,
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          textAlign: 'left',
          '&:focus-within': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 2 },
        }}
      >
        <SearchIcon sx={{ color: 'text.secondary' }} />
        <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
          <Box component="label" htmlFor={inputId} sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
            {label}
          </Box>
          <Box
            component="input"
            id={inputId}
            type="text"
            placeholder={placeholder}
            value={query}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setQuery(e.target.value)}
            onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter' && results?.[0]) open(results[0]);
              if (e.key === 'Escape') setQuery('');
            }}
            autoComplete="off"
            role="combobox"
            aria-expanded={!!results}
            aria-controls={listId}
            aria-autocomplete="list"
            sx={{
              border: 0,
              outline: 0,
              p: 0,
              py: 0.25,
              bgcolor: 'transparent',
              color: 'inherit',
              font: 'inherit',
              fontSize: '1rem',
              width: '100%',
            }}
          />
        </Box>
      </Box>
      {results && (
        <Suspense fallback={null}>
          <SearchResults id={listId} results={results} noMatch={noMatch} onOpen={open} />
        </Suspense>
      )}
    </Box>
  );
}
