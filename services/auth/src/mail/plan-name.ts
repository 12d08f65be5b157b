import type { Locale } from '@esim/contracts';

/**
 * The plan as a mail names it: the title the buyer's screens show ("Türkiye 3 GB · 7 gün"), or the
 * package's name in events of earlier releases, which carry no title.
 */
export function planName(
  event: { planTitleTr?: string; planTitleEn?: string; packageNameTr?: string; packageNameEn?: string },
  locale: Locale,
): string {
  return (
    (locale === 'en' ? (event.planTitleEn ?? event.packageNameEn) : (event.planTitleTr ?? event.packageNameTr)) ?? ''
  );
}
