import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COUNTRY_ALIASES } from '@esim/contracts';
import { foldForSearch } from '../../lib/format';
import { SearchField } from '../../ui/SearchField';
import type { PackageCountry, PublicPackage } from './types';

/** The covered countries a visitor's query finds: by name, ISO code or a common alias ("UK"). */
export function filterCoverage(coverage: readonly PackageCountry[], query: string): PackageCountry[] {
  const needle = foldForSearch(query);
  if (!needle) return [...coverage];
  return coverage.filter(
    (c) =>
      COUNTRY_ALIASES[needle] === c.code || c.code.toLowerCase() === needle || foldForSearch(c.name).includes(needle),
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box
      component="div"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * What a traveller checks before buying: network, hotspot, when the days start, and the operators
 * in the country they are looking at (a local plan's own country).
 */
export function PlanFacts({ pkg, countryCode }: { pkg: PublicPackage; countryCode?: string }) {
  const { t } = useTranslation('shop');
  const here =
    pkg.coverage.find((c) => c.code === countryCode) ?? (pkg.coverage.length === 1 ? pkg.coverage[0] : undefined);
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid="plan-facts">
      <Fact label={t('plan.network')} value={pkg.network} />
      <Fact label={t('plan.hotspot')} value={pkg.hotspot ? t('plan.hotspotYes') : t('plan.hotspotNo')} />
      <Fact label={t('plan.validity')} value={t(`plan.validityStart.${pkg.validity_start}`, { count: pkg.duration })} />
      {here && (
        <Fact
          label={t('plan.operatorsIn', { country: here.name })}
          value={here.operators.join(', ') || t('plan.noOperators')}
        />
      )}
    </Box>
  );
}

/** The countries a regional or global plan covers, each with its operators, and a search over them. */
export function CoverageList({ coverage }: { coverage: readonly PackageCountry[] }) {
  const { t } = useTranslation('shop');
  const [query, setQuery] = useState('');
  const shown = filterCoverage(coverage, query);
  return (
    <Box>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
        {t('plan.countries', { count: coverage.length })}
      </Typography>
      <SearchField
        size="small"
        fullWidth
        label={t('plan.searchCountries')}
        value={query}
        onChange={setQuery}
        sx={{ mb: 1 }}
      />
      <Box
        component="ul"
        aria-label={t('plan.countries', { count: coverage.length })}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          maxHeight: 280,
          overflowY: 'auto',
          ...(coverage.length > 6 && { height: { sm: 280 } }),
        }}
      >
        {shown.map((c) => (
          <Box
            component="li"
            key={c.code}
            data-testid="coverage-country"
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {c.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
              {c.operators.join(', ') || t('plan.noOperators')}
            </Typography>
          </Box>
        ))}
        {shown.length === 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('plan.noMatch')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The covered countries behind a button (the buy dialog keeps its price and button in view). */
export function CoverageToggle({ coverage }: { coverage: readonly PackageCountry[] }) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ px: 0.5 }}>
        {open ? t('plan.hideCountries') : `${t('plan.showCountries')} (${coverage.length})`}
      </Button>
      {open && (
        <Box sx={{ mt: 1 }}>
          <CoverageList coverage={coverage} />
        </Box>
      )}
    </Box>
  );
}
