import { useLocation } from 'react-router';

export const SITE_ORIGIN = (import.meta.env.VITE_PUBLIC_SITE_ORIGIN as string | undefined) ?? 'https://esimgo.test';

/**
 * The page's title, description and tr/en alternates. React 19 hoists these into <head>; the
 * prerender step moves them there in the static HTML.
 */
export function Seo({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  const url = `${SITE_ORIGIN}${pathname}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="tr" href={`${url}?lng=tr`} />
      <link rel="alternate" hrefLang="en" href={`${url}?lng=en`} />
      <link rel="alternate" hrefLang="x-default" href={url} />
    </>
  );
}
