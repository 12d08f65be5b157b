import { createTheme, getContrastRatio } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, withBrandPrimary } from './theme';

describe("the back office's primary colour follows the shop identity's", () => {
  it('as it is in light mode, with text on it picked by contrast', () => {
    const purple = withBrandPrimary(createTheme(lightTheme), '#7b1fa2').palette.primary;
    expect(purple.main).toBe('#7b1fa2');
    expect(purple.contrastText).toBe('#fff');
    expect(withBrandPrimary(createTheme(lightTheme), '#ffeb3b').palette.primary.contrastText).toBe(
      'rgba(0, 0, 0, 0.87)',
    );
  });

  it('as a pale variant readable on the dark background in dark mode', () => {
    const theme = withBrandPrimary(createTheme(darkTheme), '#7b1fa2');
    expect(getContrastRatio(theme.palette.primary.main, theme.palette.background.default)).toBeGreaterThanOrEqual(7);
  });

  it('keeps the theme while the identity has no colour', () => {
    const theme = createTheme(lightTheme);
    expect(withBrandPrimary(theme, '')).toBe(theme);
  });
});
