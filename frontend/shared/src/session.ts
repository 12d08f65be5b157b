import { STORAGE_KEYS, type SessionUser as ContractSessionUser } from '@esim/contracts';

/**
 * The session both front ends share (same origin, same localStorage under contracts' STORAGE_KEYS):
 * the access token and the signed-in user. The refresh token is an httpOnly cookie neither can read.
 */
export interface SessionUser extends ContractSessionUser {
  /** The id the login answer carries. */
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

/**
 * The session in localStorage (the page's own unless another is given). A broken or half-written
 * entry counts as signed out, and where there is no storage (prerendering, a blocked one) nobody is.
 */
export function localSessionStore(given?: Storage): SessionStore {
  const storage = (): Storage | undefined => {
    try {
      return given ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    } catch {
      return undefined;
    }
  };
  const get = (key: string) => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    read() {
      const token = get(STORAGE_KEYS.token);
      const raw = get(STORAGE_KEYS.user);
      if (!token || !raw) return null;
      try {
        const user = JSON.parse(raw) as SessionUser;
        return typeof user?.email === 'string' && typeof user.user_type === 'number' ? { token, user } : null;
      } catch {
        return null;
      }
    },
    write({ token, user }) {
      storage()?.setItem(STORAGE_KEYS.token, token);
      storage()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    },
    clear() {
      storage()?.removeItem(STORAGE_KEYS.token);
      storage()?.removeItem(STORAGE_KEYS.user);
    },
  };
}

/** The page's session (localStorage). */
export const browserSession: SessionStore = localSessionStore();

/** What /api/login and /api/refresh answer: the token beside the public user fields. */
export function sessionFromLogin(data: { token: string } & SessionUser): Session {
  const { token, id, email, full_name, user_type, role } = data;
  return { token, user: { ...(id ? { id } : {}), email, full_name, user_type, ...(role ? { role } : {}) } };
}
