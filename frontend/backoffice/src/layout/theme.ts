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
