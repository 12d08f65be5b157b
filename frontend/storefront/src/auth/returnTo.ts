/** Where the sign-in pages send a visitor afterwards: the page that sent them there, kept to this site. */

/** Leaves the storefront for a back-office page (another app on the same origin). */
export function goTo(path: string, navigate: (to: string, opts?: { replace?: boolean }) => void): void {
  if (/^\/dashboard(\/|$)/.test(path)) window.location.assign(path);
  else navigate(path, { replace: true });
}

/** A same-site path to return to after sign-in, or undefined (`//host` and `https://...` are refused). */
export function safeRedirect(value: string | null): string | undefined {
  return value && /^\/(?!\/)/.test(value) && !value.includes('\\') ? value : undefined;
}

/**
 * The return address of /login and /register: the page that sent the visitor (router state, e.g. a
 * country page's `?buy=<package>`), or the back office's `?redirect=` (only a path of this site).
 */
export function returnAddress(location: { state: unknown; search: string }): string | undefined {
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && safeRedirect(from)
    ? from
    : safeRedirect(new URLSearchParams(location.search).get('redirect'));
}
