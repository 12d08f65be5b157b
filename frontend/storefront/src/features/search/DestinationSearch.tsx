import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import type { DestinationHit, PublicPackage } from '../catalog/types';

// The list shows only once the visitor types, a plan's details once one is chosen: their code comes then.
const SearchResults = lazy(() => import('./SearchResults'));
const PlanDetailsDialog = lazy(() => import('../catalog/PlanDetailsDialog'));

/** Suggestions shown at most: the first screenful on a phone. */
const SHOWN = 8;

/**
 * Destination search: the catalog's own search (GET /public/search: a country by name in Turkish or
 * English, a common name such as 'UK' or 'İngiltere', or its code; a region such as 'Avrupa' or
 * 'Balkanlar' finds the regional plans serving it; Turkish-aware, ranked). A country opens its page,
 * a plan its details; Enter opens the first match.
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
  const [results, setResults] = useState<DestinationHit[] | null>(null);
  const [details, setDetails] = useState<PublicPackage | null>(null);
  const field = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const search = query.trim();
    if (!search) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.get<DestinationHit[]>(`/public/search?q=${encodeURIComponent(search)}`, controller.signal).then(
        (hits) => setResults(hits.slice(0, SHOWN)),
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

  const open = (hit: DestinationHit) => {
    if (hit.type === 'country') navigate(`/packages/${hit.country.slug}`);
    else setDetails(hit.plan);
  };

  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: 560 }}>
      {/* A plain input styled like a filled field: MUI's inputs would add ~8 kB gzip to the home page's first load. */}
      <Box
        ref={field}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          // Below the fixed top bar (56 px on a phone) when brought to the top.
          scrollMarginTop: 64,
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
            onFocus={() => {
              // On a phone the field sits low on the first screen: at the top, its suggestions get the screen above the keyboard and the cookie banner.
              if (!window.matchMedia('(max-width: 599.95px)').matches) return;
              const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
              field.current?.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
            }}
            onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter' && results?.[0]) open(results[0]);
              if (e.key === 'Escape') setQuery('');
            }}
            autoComplete="off"
            role="combobox"
            aria-expanded={!!results && !details}
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
      {results && !details && (
        <Suspense fallback={null}>
          <SearchResults id={listId} results={results} noMatch={noMatch} onOpen={open} />
        </Suspense>
      )}
      {details && (
        <Suspense fallback={null}>
          <PlanDetailsDialog pkg={details} onClose={() => setDetails(null)} />
        </Suspense>
      )}
    </Box>
  );
}
