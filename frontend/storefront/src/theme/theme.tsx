import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { STORAGE_KEYS } from '../api/session';

export type ThemeMode = 'light' | 'dark';

export function storedThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function buildTheme(mode: ThemeMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b57d0' : '#8ab4f8' },
      secondary: { main: mode === 'light' ? '#b3261e' : '#f2b8b5' },
      success: { main: mode === 'light' ? '#1b7a3a' : '#6dd58c' },
      background: mode === 'light' ? { default: '#f7f9fc', paper: '#ffffff' } : { default: '#121417', paper: '#1d2024' },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 700 },
      h2: { fontSize: '1.75rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
    },
  });
}

const ModeContext = createContext<{ mode: ThemeMode; toggle: () => void }>({ mode: 'light', toggle: () => {} });
export const useThemeMode = () => useContext(ModeContext);

/** Light or dark, persisted (default light, spec section 4). */
export function AppThemeProvider({ children, initialMode }: { children: ReactNode; initialMode?: ThemeMode }) {
  const [mode, setMode] = useState<ThemeMode>(initialMode ?? storedThemeMode);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(
    () => ({
      mode,
      toggle: () =>
        setMode((current) => {
          const next = current === 'light' ? 'dark' : 'light';
          try {
            localStorage.setItem(STORAGE_KEYS.theme, next);
          } catch {
            /* private mode: the choice lasts this visit */
          }
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ModeContext.Provider>
  );
}
