import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useDealerChoices, type DealerChoice } from './choices';

/** A dealer chosen by typing part of the name (the service searches). */
export function DealerPicker({
  value,
  onChange,
  error,
}: {
  value: DealerChoice | null;
  onChange: (dealer: DealerChoice | null) => void;
  error?: string;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const { data = [], isFetching } = useDealerChoices(search.trim());
  return (
    <Autocomplete
      options={data}
      value={value}
      loading={isFetching}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options) => options}
      onChange={(_event, dealer) => onChange(dealer)}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      noOptionsText={translate('app.psim_stock.no_dealer_match')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('app.psim_stock.dealer')}
          margin="normal"
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
