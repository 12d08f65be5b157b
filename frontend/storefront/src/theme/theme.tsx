import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider, createTheme, darken, getContrastRatio, lighten } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { COLOR_PATTERN, DEMO_BRAND, STORAGE_KEYS, type ShopBrand } from '@esim/contracts';
import { readPreference, writePreference } from '../features/consent/consent';

export type ThemeMode = 'light' | 'dark';

declare module '@mui/material/styles' {
  interface Palette {
    /** The brand band behind the top bar, the hero and page headers (white text on it in both modes). */
    hero: { main: string; contrastText: string; gradient: string };
  }
  interface PaletteOptions {
    hero?: { main: string; contrastText: string; gradient: string };
  }
}

/** The shop identity's two colours (#rrggbb), as GET /public/shop answers them in its brand. */
export interface BrandColors {
  primary: string;
  secondary: string;
}

/** The storefront's own colours, the demo brand's: the look an identity without colours keeps. */
export const DEFAULT_BRAND_COLORS: BrandColors = {
  primary: DEMO_BRAND.primary_color,
  secondary: DEMO_BRAND.secondary_color,
};

/** A brand's colours, each replaced by the default where the identity has none (or no valid one) yet. */
export function brandColors(brand: Pick<ShopBrand, 'primary_color' | 'secondary_color'> | undefined): BrandColors {
  const valid = (color: string | undefined, fallback: string) =>
    color && COLOR_PATTERN.test(color) ? color.toLowerCase() : fallback;
  return {
    primary: valid(brand?.primary_color, DEFAULT_BRAND_COLORS.primary),
    secondary: valid(brand?.secondary_color, DEFAULT_BRAND_COLORS.secondary),
  };
}

const LIGHT_BACKGROUND = { default: '#f7f9fc', paper: '#ffffff' };
const DARK_BACKGROUND = { default: '#121417', paper: '#1d2024' };

/** The hand-picked dark-mode variants of the default colours (what the derivation below approximates). */
const DEFAULT_DARK: Record<string, string> = { '#0b57d0': '#8ab4f8', '#b3261e': '#f2b8b5' };

/**
 * A colour's dark-mode variant: lightened until it reads on the dark background (7:1, the pale tone
 * dark themes use), so text and outlines drawn in it stay legible.
 */
export function darkVariant(color: string): string {
  const known = DEFAULT_DARK[color.toLowerCase()];
  if (known) return known;
  let amount = 0.4;
  let variant = lighten(color, amount);
  while (getContrastRatio(variant, DARK_BACKGROUND.default) < 7 && amount < 0.9)
    variant = lighten(color, (amount += 0.1));
  return variant;
}

/** Darkens a colour from `start` on until white text on it has at least `ratio`:1 contrast. */
function darkForWhiteText(color: string, start: number, ratio: number): string {
  let amount = start;
  let band = darken(color, amount);
  while (getContrastRatio(band, '#fff') < ratio && amount < 0.95) band = darken(color, (amount += 0.05));
  return band;
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

/** The home banner's brand slide, the same in both modes: from the band's shade to the brand colour. */
function bannerGradient(primary: string, band: string): string {
  if (primary === DEFAULT_BRAND_COLORS.primary) return 'linear-gradient(120deg, #0b3d91 0%, #0b57d0 60%, #1a73e8 100%)';
  const middle = darkForWhiteText(primary, 0, 4.5);
  const light = lighten(middle, 0.1);
  return `linear-gradient(120deg, ${band} 0%, ${middle} 60%, ${getContrastRatio(light, '#fff') >= 3 ? light : middle} 100%)`;
}

const built = new Map<string, ReturnType<typeof createTheme>>();

/**
 * The theme of a mode and brand colours, made once (the start makes the first one in a task of its
 * own, before hydrating).
 */
export function buildTheme(mode: ThemeMode, colors: BrandColors = DEFAULT_BRAND_COLORS) {
  const key = `${mode} ${colors.primary} ${colors.secondary}`;
  let theme = built.get(key);
  if (!theme) built.set(key, (theme = makeTheme(mode, colors)));
  return theme;
}

function makeTheme(mode: ThemeMode, { primary, secondary }: BrandColors) {
  const light = mode === 'light';
  // The band carries white text: the brand colour darkened as MUI darkens it, further if white is
  // still hard to read on it.
  const lightBand = darkForWhiteText(primary, 0.3, 4.5);
  // Dark: a deep shade of the brand (the pale dark-mode primary darkened as in light mode read as a
  // washed-out band under white text); the default keeps its navy.
  const darkBand = primary === DEFAULT_BRAND_COLORS.primary ? '#0d2038' : darkForWhiteText(primary, 0.75, 12);
  return createTheme({
    palette: {
      mode,
      // MUI picks each colour's text (black or white) by contrast, so a pale brand gets dark text.
      primary: { main: light ? primary : darkVariant(primary) },
      secondary: { main: light ? secondary : darkVariant(secondary) },
      success: { main: light ? '#1b7a3a' : '#6dd58c' },
      background: light ? LIGHT_BACKGROUND : DARK_BACKGROUND,
      hero: {
        main: light ? lightBand : darkBand,
        contrastText: '#fff',
        gradient: bannerGradient(primary, lightBand),
      },
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

/** Makes the theme follow the live identity's colours (BrandSync); nothing happens when they are the same. */
const BrandColorsContext = createContext<(colors: BrandColors) => void>(() => {});
export const useSetBrandColors = () => useContext(BrandColorsContext);

/**
 * Light or dark: the system's setting until the visitor chooses, then their choice (persisted).
 * `initialMode` fixes the mode until a choice (the prerender and tests). `colors` are the brand's
 * the page was prerendered with; the live identity's replace them once the API answers.
 */
export function AppThemeProvider({
  children,
  initialMode,
  colors: initialColors = DEFAULT_BRAND_COLORS,
}: {
  children: ReactNode;
  initialMode?: ThemeMode;
  colors?: BrandColors;
}) {
  const [choice, setChoice] = useState<ThemeMode | null>(() => (initialMode ? null : storedThemeChoice()));
  const [colors, setColors] = useState(initialColors);
  const system = useSystemThemeMode();
  const mode = choice ?? initialMode ?? system;
  const theme = useMemo(() => buildTheme(mode, colors), [mode, colors]);
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
  // The same colours keep the same state object: React then skips the render, so the prerendered
  // page does not repaint when the live identity says what it was built with.
  const setBrand = useCallback(
    (next: BrandColors) =>
      setColors((shown) => (shown.primary === next.primary && shown.secondary === next.secondary ? shown : next)),
    [],
  );
  return (
    <ModeContext.Provider value={value}>
      <BrandColorsContext.Provider value={setBrand}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </BrandColorsContext.Provider>
    </ModeContext.Provider>
  );
}
