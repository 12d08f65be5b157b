import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

declare const __SITE_ORIGIN__: string | undefined;
/** Set at build time from PUBLIC_BASE_URL (vite.config.ts); outside a build (tests), the page's own origin. */
export const SITE_ORIGIN = typeof __SITE_ORIGIN__ === 'string' ? __SITE_ORIGIN__ : (globalThis.location?.origin ?? '');

/**
 * The page's title, description and tr/en alternates. React 19 hoists these into <head>; the
 * prerender step moves them there in the static HTML. A page that names only itself (`page`) gets
 * the shop's name after it from the one place it is kept, the `brand` text.
 */
export function Seo({
  title,
  page,
  description,
}: { description: string } & ({ title: string; page?: never } | { page: string; title?: never })) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const url = `${SITE_ORIGIN}${pathname}`;
  return (
    <>
      <title>{title ?? `${page} — ${t('brand')}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="tr" href={`${url}?lng=tr`} />
      <link rel="alternate" hrefLang="en" href={`${url}?lng=en`} />
      <link rel="alternate" hrefLang="x-default" href={url} />
    </>
  );
}
