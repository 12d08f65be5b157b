import { act, render, screen } from '@testing-library/react';
import { getContrastRatio, getLuminance } from '@mui/material/styles';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@esim/contracts';
import { AppThemeProvider, brandColors, buildTheme, DEFAULT_BRAND_COLORS, useThemeMode } from './theme';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** A system in dark or light mode whose setting the test can change, as the browser reports it. */
function systemPrefers(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((media: string) =>
    media.includes('prefers-color-scheme') ? query : realMatchMedia(media)) as typeof window.matchMedia;
  return (next: boolean) => {
    dark = next;
    listeners.forEach((listener) => listener());
  };
}

function ModeProbe() {
  const { mode, toggle } = useThemeMode();
  return (
    <button type="button" onClick={toggle}>
      {mode}
    </button>
  );
}

describe('theme mode', () => {
  it("follows the system's setting, also when it changes, until the visitor chooses", () => {
    const change = systemPrefers(true);
    render(
      <AppThemeProvider>
        <ModeProbe />
      </AppThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    act(() => change(false));
    expect(screen.getByRole('button')).toHaveTextContent('light');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    // Without consent to preference cookies the choice lasts this visit only.
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    // Chosen: the system no longer decides.
    act(() => change(false));
    expect(screen.getByRole('button')).toHaveTextContent('dark');
  });

  it("a stored choice wins over the system's setting", () => {
    systemPrefers(true);
    localStorage.setItem(STORAGE_KEYS.theme, 'light');
    render(
      <AppThemeProvider>
        <ModeProbe />
      </AppThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('light');
  });
});

describe('the brand band (top bar, hero, page headers)', () => {
  it('is a deliberate dark navy in dark mode, not the pale dark-mode primary darkened', () => {
    const dark = buildTheme('dark').palette;
    expect(getLuminance(dark.hero.main)).toBeLessThan(0.03);
    expect(dark.hero.contrastText).toBe('#fff');
    expect(getLuminance(dark.primary.dark)).toBeGreaterThan(0.15);
  });

  it('keeps the light look: the primary blue darkened as before', () => {
    const light = buildTheme('light').palette;
    expect(light.hero.main).toBe(light.primary.dark);
  });
});

describe("the identity's colours", () => {
  const purple = { primary: '#7b1fa2', secondary: '#00897b' };

  it('colour the light theme as they are and a readable pale variant in dark mode', () => {
    const light = buildTheme('light', purple).palette;
    expect(light.primary.main).toBe('#7b1fa2');
    expect(light.secondary.main).toBe('#00897b');
    const dark = buildTheme('dark', purple).palette;
    expect(getContrastRatio(dark.primary.main, dark.background.default)).toBeGreaterThanOrEqual(7);
    expect(getContrastRatio(dark.secondary.main, dark.background.default)).toBeGreaterThanOrEqual(7);
  });

  it('keep white text on the brand band in both modes, also for a pale colour', () => {
    for (const primary of ['#7b1fa2', '#ffeb3b']) {
      for (const mode of ['light', 'dark'] as const) {
        const { hero } = buildTheme(mode, { primary, secondary: '#b3261e' }).palette;
        expect(getContrastRatio(hero.main, hero.contrastText), `${primary} ${mode}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("fall back to the storefront's own where the identity has none yet", () => {
    expect(brandColors({ primary_color: '', secondary_color: '#00897B' })).toEqual({
      primary: DEFAULT_BRAND_COLORS.primary,
      secondary: '#00897b',
    });
    expect(buildTheme('dark', brandColors(undefined)).palette.primary.main).toBe('#8ab4f8');
  });
});
