import { roleOf, STORAGE_KEYS, type Role, type SessionUser as SharedSessionUser } from '@esim/contracts';

/**
 * The session the storefront and the back office share (same origin, same localStorage). The
 * storefront signs in and stores the access token and the user; the refresh token is an httpOnly
 * cookie neither app can read. Keys from packages/contracts/src/session.ts.
 */
export const SESSION_TOKEN_KEY = STORAGE_KEYS.token;
export const SESSION_USER_KEY = STORAGE_KEYS.user;

/** The shared user, with the id the login answer carries (the storefront keeps it too). */
export interface SessionUser extends SharedSessionUser {
  id?: string;
}

export interface Session {
  token: string;
  user: SessionUser;
}

export interface SessionStore {
  read(): Session | null;
  write(session: Session): void;
  clear(): void;
}

/** The session in localStorage; a broken entry counts as signed out. */
export function localSessionStore(storage: Storage = window.localStorage): SessionStore {
  return {
    read() {
      const token = storage.getItem(SESSION_TOKEN_KEY);
      const raw = storage.getItem(SESSION_USER_KEY);
      if (!token || !raw) return null;
      try {
        const user = JSON.parse(raw) as SessionUser;
        return typeof user?.user_type === 'number' ? { token, user } : null;
      } catch {
        return null;
      }
    },
    write({ token, user }) {
      storage.setItem(SESSION_TOKEN_KEY, token);
      storage.setItem(SESSION_USER_KEY, JSON.stringify(user));
    },
    clear() {
      storage.removeItem(SESSION_TOKEN_KEY);
      storage.removeItem(SESSION_USER_KEY);
    },
  };
}

/** What /api/login and /api/refresh answer: the token beside the public user fields. */
export function sessionFromLogin(data: { token: string } & SessionUser): Session {
  const { token, id, email, full_name, user_type, role } = data;
  return { token, user: { ...(id ? { id } : {}), email, full_name, user_type, ...(role ? { role } : {}) } };
}

export const roleOfSession = (session: Session | null): Role | null => (session ? roleOf(session.user) : null);

/** user_type 4: the sales manager's home is their dealer list and no balance is ever fetched. */
export const isSalesManager = (session: Session | null) => roleOfSession(session) === 'sales-manager';
