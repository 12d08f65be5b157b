import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';

/**
 * A search box (outlined, with a magnifier), as a TextField draws it but built from the field's
 * own parts: TextField's support for `select` brings the select menu's code (Select, Menu, Popover,
 * Modal) into the first load of every page with a search box, and none of them opens a menu.
 */
export function SearchField({
  label,
  value,
  onChange,
  fullWidth,
  size = 'medium',
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const id = useId();
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} size={size} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize={size} />
          </InputAdornment>
        }
      />
    </FormControl>
  );
}
