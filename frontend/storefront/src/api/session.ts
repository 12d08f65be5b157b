import { STORAGE_KEYS, type SessionUser as ContractSessionUser } from '@esim/contracts';

/**
 * The session as stored in the browser, shared with the back office (same origin, the keys of
 * contracts/session.ts): the access token and the signed-in user. The refresh token lives in an
 * httpOnly cookie.
 */
export { STORAGE_KEYS };

export interface SessionUser extends ContractSessionUser {
  id?: string;
}

function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storedToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function storedUser(): SessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return typeof user?.email === 'string' && typeof user.user_type === 'number' ? user : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}
