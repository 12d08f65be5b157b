import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { PublicShop } from '@esim/contracts';
import { useApi } from './useApi';
import { brandColors, useSetBrandColors } from '../theme/theme';

/** The shop's brand and seller (the auth service's identity), cacheable for 30 s at the gateway. */
export const SHOP_PATH = '/public/shop';

/** The event every text naming the brand re-renders on (i18n/options.ts binds react-i18next to it). */
export const BRAND_CHANGED = 'brandChanged';

export const useShop = (): PublicShop | undefined => useApi<PublicShop>(SHOP_PATH).data;

/**
 * Makes `name` the `{{brand}}` of every text of this i18n instance (a default variable, as the
 * refund windows are); true when it changed. The instance's own interpolation options are replaced,
 * not changed in place: every instance starts from the same shared options object.
 */
export function applyBrand(i18n: I18n, name: string): boolean {
  const interpolation = i18n.options.interpolation ?? {};
  const variables = (interpolation.defaultVariables ?? {}) as Record<string, unknown>;
  if (variables.brand === name) return false;
  i18n.options.interpolation = { ...interpolation, defaultVariables: { ...variables, brand: name } };
  return true;
}

/**
 * Follows the live brand: the page is drawn with the brand it was prerendered with (main.tsx and
 * entry-server.tsx apply it before the first render, so hydration meets the same text and colours),
 * then with the one GET /public/shop answers, re-rendering every text that names it and, when its
 * colours differ, the theme.
 */
export function BrandSync(): null {
  const shop = useShop();
  const { i18n } = useTranslation();
  const name = shop?.brand?.name;
  const setColors = useSetBrandColors();
  const primary = shop?.brand?.primary_color;
  const secondary = shop?.brand?.secondary_color;
  useEffect(() => {
    if (name && applyBrand(i18n, name)) i18n.emit(BRAND_CHANGED);
  }, [i18n, name]);
  useEffect(() => {
    if (primary !== undefined) setColors(brandColors({ primary_color: primary, secondary_color: secondary ?? '' }));
  }, [setColors, primary, secondary]);
  return null;
}
