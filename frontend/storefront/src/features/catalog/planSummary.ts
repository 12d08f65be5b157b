import type { PublicPackage } from './types';

/** The row's short line of plan details: "5G · Hotspot var" (a module of its own: the rows need no more of the details' code). */
export function planSummary(pkg: PublicPackage, t: (key: string) => string): string {
  return `${pkg.network} · ${pkg.hotspot ? t('plan.hotspotShort') : t('plan.noHotspotShort')}`;
}
