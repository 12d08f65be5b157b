import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider, createTheme, darken } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { STORAGE_KEYS } from '@esim/contracts';
import { readPreference, writePreference } from '../features/consent/consent';

export type ThemeMode = 'light' | 'dark';

declare module '@mui/material/styles' {
  interface Palette {
    /** The brand band behind the top bar, the hero and page headers (white text on it in both modes). */
    hero: { main: string; contrastText: string };
  }
  interface PaletteOptions {
    hero?: { main: string; contrastText: string };
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The visitor's own choice, if they made one. */
export function storedThemeChoice(): ThemeMode | null {
  try {
    const stored = readPreference(STORAGE_KEYS.theme);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

function systemThemeMode(): ThemeMode {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The mode the visitor sees: their choice, else their system's setting. */
export function storedThemeMode(): ThemeMode {
  return storedThemeChoice() ?? systemThemeMode();
}

/** The system's light or dark setting, followed while it changes. */
function useSystemThemeMode(): ThemeMode {
  const [mode, setMode] = useState<ThemeMode>(systemThemeMode);
  useEffect(() => {
    const query = window.matchMedia?.(DARK_QUERY);
    if (!query) return;
    const onChange = () => setMode(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mode;
}

const built = new Map<ThemeMode, ReturnType<typeof createTheme>>();

/** The theme of a mode, made once (the start makes the first one in a task of its own, before hydrating). */
export function buildTheme(mode: ThemeMode) {
  let theme = built.get(mode);
  if (!theme) built.set(mode, (theme = makeTheme(mode)));
  return theme;
}

function makeTheme(mode: ThemeMode) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#0b57d0' : '#8ab4f8' },
      secondary: { main: mode === 'light' ? '#b3261e' : '#f2b8b5' },
      success: { main: mode === 'light' ? '#1b7a3a' : '#6dd58c' },
      background:
        mode === 'light' ? { default: '#f7f9fc', paper: '#ffffff' } : { default: '#121417', paper: '#1d2024' },
      // Light: the primary blue darkened as MUI darkens it; dark: a deep navy (the dark primary, a
      // pale blue, darkened the same way read as a washed-out band under white text).
      hero: { main: mode === 'light' ? darken('#0b57d0', 0.3) : '#0d2038', contrastText: '#fff' },
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

/**
 * Light or dark: the system's setting until the visitor chooses, then their choice (persisted).
 * `initialMode` fixes the mode until a choice (the prerender and tests).
 */
export function AppThemeProvider({ children, initialMode }: { children: ReactNode; initialMode?: ThemeMode }) {
  const [choice, setChoice] = useState<ThemeMode | null>(() => (initialMode ? null : storedThemeChoice()));
  const system = useSystemThemeMode();
  const mode = choice ?? initialMode ?? system;
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo(
    () => ({
      mode,
      toggle: () => {
        const next = mode === 'light' ? 'dark' : 'light';
        writePreference(STORAGE_KEYS.theme, next);
        setChoice(next);
      },
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
