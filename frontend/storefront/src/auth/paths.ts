/** The storefront's pages open without signing in; any path under these prefixes counts as public too. */
const PUBLIC_EXACT = new Set([
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/partnership',
  '/quick-guide',
  '/faq',
  '/about',
  '/coverage',
  '/how-it-works',
  '/euicc',
  '/balance',
  '/demo',
  '/contact',
  '/help-center',
  '/trip-planner',
]);
const PUBLIC_PREFIXES = ['/packages', '/privacy', '/terms', '/cookies', '/refund-policy', '/why-'];

export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_EXACT.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Where the header and footer are hidden. */
export function hidesChrome(pathname: string): boolean {
  return /^\/(dashboard|panel|profile|orders|settings)(\/|$)/.test(pathname);
}
