/**
 * Public pages worth indexing (sitemap.xml and the prerender step read this list; the router's
 * own table is routes.tsx). Not imported by the browser's code.
 */
export const PUBLIC_PAGES = [
  '/',
  '/packages',
  '/packages/united-states',
  '/coverage',
  '/balance',
  '/quick-guide',
  '/faq',
  '/why-esim',
  '/about',
  '/how-it-works',
  '/euicc',
  '/partnership',
  '/contact',
  '/help-center',
  '/demo',
  '/trip-planner',
  '/privacy',
  '/terms',
  '/cookies',
  '/refund-policy',
  '/login',
  '/register',
  '/forgot-password',
] as const;
