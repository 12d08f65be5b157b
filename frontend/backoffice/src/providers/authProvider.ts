import { canAccess, roleOf } from '@esim/contracts';
import type { AuthProvider } from 'ra-core';
import { actionOf, RESOURCES } from './resources';
import { sessionFromLogin, type SessionStore } from '@esim/frontend-shared/session';

/** The storefront's sign-in page, remembering the back-office page to come back to. */
export function storefrontLogin(location: Pick<Location, 'origin' | 'pathname' | 'search'> = window.location): string {
  const back = `${location.pathname}${location.search}`;
  return `${location.origin}/login?redirect=${encodeURIComponent(back.startsWith('/dashboard') ? back : '/dashboard')}`;
}

/** The permission key a react-admin resource or custom page is guarded by. */
export function permissionOf(resource: string): string {
  return (RESOURCES as Record<string, { permission: string }>)[resource]?.permission ?? resource;
}

/**
 * Sign-in lives on the storefront: the back office reads the shared session, sends a visitor
 * without one to the storefront's /login, and signing out here signs out there too (same storage,
 * and /api/logout ends the refresh cookie's family).
 */
export function createAuthProvider(options: {
  apiUrl: string;
  session: SessionStore;
  fetch?: typeof fetch;
  loginUrl?: () => string;
}): AuthProvider {
  const { apiUrl, session } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const loginUrl = options.loginUrl ?? (() => storefrontLogin());

  /** A refresh cookie without a stored token (e.g. storage cleared) still restores the session. */
  const restore = async () => {
    try {
      const res = await doFetch(`${apiUrl}/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return false;
      const body = await res.json();
      session.write(sessionFromLogin(body.data));
      return true;
    } catch {
      return false;
    }
  };

  return {
    async login({ username, password }) {
      const res = await doFetch(`${apiUrl}/login`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: username, password }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(body?.message ?? 'ra.auth.sign_in_error');
      session.write(sessionFromLogin(body.data));
    },
    async logout() {
      const token = session.read()?.token;
      session.clear();
      await doFetch(`${apiUrl}/logout`, {
        method: 'POST',
        credentials: 'include',
        headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      }).catch(() => undefined);
      return loginUrl();
    },
    async checkAuth() {
      if (session.read() || (await restore())) return;
      throw { redirectTo: loginUrl(), message: false };
    },
    async checkError(error) {
      // 403 is "not yours": stay signed in. 401 survived the httpClient's refresh: the session is over.
      if (error?.status === 401) throw { redirectTo: loginUrl(), message: false };
    },
    async getIdentity() {
      const current = session.read();
      if (!current) throw new Error('ra.auth.auth_check_error');
      return {
        id: current.user.id ?? current.user.email,
        fullName: current.user.full_name,
        email: current.user.email,
        userType: current.user.user_type,
      };
    },
    async getPermissions() {
      const current = session.read();
      return current ? roleOf(current.user) : null;
    },
    async canAccess({ resource, action }) {
      const current = session.read();
      return canAccess(current ? roleOf(current.user) : null, permissionOf(resource), actionOf(action));
    },
  };
}
