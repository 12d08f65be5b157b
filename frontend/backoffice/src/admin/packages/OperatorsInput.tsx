import { Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDataConsumer, useGetMany, useInput, useLocaleState, useTranslate } from 'react-admin';

export interface CountryOperators {
  country: string;
  names: string[];
}

/** "T-Mobile, O2" as the list of names the catalog takes (blanks and repeats dropped). */
export const operatorNames = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ),
];

/** The operators of the covered countries only, without countries left with no name (what the catalog stores). */
export function coveredOperators(operators: unknown, countries: unknown): CountryOperators[] {
  const covered = new Set(Array.isArray(countries) ? (countries as string[]) : []);
  return (Array.isArray(operators) ? (operators as CountryOperators[]) : []).filter(
    (item) => covered.has(item.country) && item.names.length > 0,
  );
}

/** Above this many countries the list gets a search field (a regional plan covers dozens). */
const SEARCH_FROM = 8;

/**
 * The operators a plan uses in each country it covers, one comma-separated field per country of
 * the form's country list (so the list follows the countries chosen above it).
 */
export function OperatorsInput() {
  return (
    <FormDataConsumer>
      {({ formData }) => (
        <OperatorFields countries={Array.isArray(formData.countries) ? (formData.countries as string[]) : []} />
      )}
    </FormDataConsumer>
  );
}

function OperatorFields({ countries }: { countries: string[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field } = useInput({ source: 'operators', defaultValue: [] });
  const value = (field.value as CountryOperators[] | undefined) ?? [];
  // What is being typed, per country: splitting at every key would swallow a comma just typed.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const { data: records } = useGetMany('admin/countries', { ids: countries }, { enabled: countries.length > 0 });
  const nameOf = (code: string) => {
    const record = records?.find((r) => r.id === code);
    return record ? `${locale === 'en' ? record.name_en : record.name_tr} (${code})` : code;
  };
  const needle = search.trim().toLocaleLowerCase(locale === 'en' ? 'en' : 'tr');
  const shown = countries.filter(
    (code) =>
      !needle ||
      nameOf(code)
        .toLocaleLowerCase(locale === 'en' ? 'en' : 'tr')
        .includes(needle),
  );

  const change = (country: string, text: string) => {
    setTyped((current) => ({ ...current, [country]: text }));
    const others = value.filter((item) => item.country !== country);
    const names = operatorNames(text);
    field.onChange(names.length ? [...others, { country, names }] : others);
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 900, mt: 2 }}>
      <Typography variant="subtitle2">{translate('app.admin_packages.operators')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(
          countries.length ? 'app.admin_packages.operators_hint' : 'app.admin_packages.operators_no_countries',
        )}
      </Typography>
      {countries.length > SEARCH_FROM && (
        <TextField
          size="small"
          label={translate('app.admin_packages.operators_search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 1, width: { xs: '100%', sm: 320 } }}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          maxHeight: 420,
          overflowY: 'auto',
          pt: 1,
        }}
      >
        {shown.map((country) => (
          <TextField
            key={country}
            size="small"
            label={nameOf(country)}
            value={typed[country] ?? value.find((item) => item.country === country)?.names.join(', ') ?? ''}
            onChange={(e) => change(country, e.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        ))}
      </Box>
    </Box>
  );
}
