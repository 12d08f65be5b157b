/**
 * The browser session both front ends share (one origin, one sign-in): the access token and the
 * signed-in user in localStorage under these keys (token, user, theme, language),
 * the refresh token in an httpOnly cookie the auth service sets on /api.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  /** i18next's own cache key (the language detector reads and writes it). */
  language: 'i18nextLng',
} as const;

/** What is stored under STORAGE_KEYS.user (email, full_name, user_type, optional role list). */
export interface SessionUser {
  email: string;
  full_name: string;
  user_type: number;
  role?: string[];
}

/** Fired on window when a call answers 401 outside login/register; a protected page then sends the visitor to sign in. */
export const UNAUTHORIZED_EVENT = 'auth:unauthorized';
/** Fired on window when the API cannot be reached; the screens show 'API sunucusuna ulaşılamıyor'. */
export const NETWORK_ERROR_EVENT = 'api:network-error';

/** Where a signed-in user lands (docs/product.md, Permissions): sales managers on their dealers, everyone else on the dashboard. */
export function homePathOf(user: { user_type: number }): string {
  return user.user_type === 4 ? '/dashboard/sales-manager/dealers' : '/dashboard';
}
