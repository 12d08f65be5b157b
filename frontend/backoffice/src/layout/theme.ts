import { getContrastRatio, lighten, type Theme } from '@mui/material';
import { COLOR_PATTERN } from '@esim/contracts';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default themes with the shop's colours; light is the default, the choice is kept in the store. */
const shared = {
  typography: { fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", sans-serif' },
  shape: { borderRadius: 10 },
  sidebar: { width: 248, closedWidth: 56 },
} satisfies Partial<RaThemeOptions>;

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: '#0b5fff' },
    secondary: { main: '#0f2d52' },
    background: { default: '#f4f6fa' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: { ...defaultDarkTheme.palette, mode: 'dark', primary: { main: '#7aa7ff' }, secondary: { main: '#9bb7e0' } },
};

/**
 * The theme with the shop identity's primary colour: as it is in light mode, lightened until it reads
 * on the dark background in dark mode; MUI picks the text on it (black or white) by contrast. A
 * missing or malformed colour keeps the theme as it is.
 */
export function withBrandPrimary(theme: Theme, color: string | undefined): Theme {
  if (!color || !COLOR_PATTERN.test(color)) return theme;
  let main = color;
  if (theme.palette.mode === 'dark') {
    let amount = 0.4;
    main = lighten(color, amount);
    while (getContrastRatio(main, theme.palette.background.default) < 7 && amount < 0.9)
      main = lighten(color, (amount += 0.1));
  }
  return { ...theme, palette: { ...theme.palette, primary: theme.palette.augmentColor({ color: { main } }) } };
}
