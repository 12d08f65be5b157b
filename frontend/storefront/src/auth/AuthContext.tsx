import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, UNAUTHORIZED_EVENT } from '../api/client';
import { browserSession, type SessionUser } from '@esim/frontend-shared/session';
import type { SessionData } from '@esim/contracts';
import { homePathOf } from '@esim/contracts';
import { isPublicPath } from './paths';

/** POST /login's answer: the auth service's session shape (contracts/api/auth.ts). */
export type LoginAnswer = SessionData;

interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  login(email: string, password: string, rememberMe: boolean): Promise<LoginAnswer>;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** Where a signed-in user belongs: sales managers to their dealers, everyone else to the dashboard. */
export function homeOf(user: Pick<SessionUser, 'user_type'>): string {
  return homePathOf(user);
}

/**
 * The session: token and user from local storage; a 401 anywhere clears
 * them (the API client fires the unauthorized event) and a protected page goes to /login,
 * remembering where the user was.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => browserSession.read()?.user ?? null);
  const navigate = useNavigate();

  useEffect(() => {
    const onUnauthorized = () => {
      setUser(null);
      if (!isPublicPath(window.location.pathname)) {
        navigate('/login', { replace: true, state: { from: window.location.pathname + window.location.search } });
      }
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);

  const login = useCallback(async (email: string, password: string, rememberMe: boolean) => {
    const answer = await api.post<LoginAnswer>('/login', { email, password, remember_me: rememberMe });
    const { token, ...profile } = answer.data;
    const sessionUser: SessionUser = {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      user_type: profile.user_type,
      ...(profile.role ? { role: profile.role } : {}),
    };
    browserSession.write({ token, user: sessionUser });
    setUser(sessionUser);
    return answer.data;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/logout');
    } catch (error) {
      // A failed logout is only logged and the user stays signed in (docs/product.md, Fixed texts).
      console.error('logout failed', error);
      return;
    }
    browserSession.clear();
    setUser(null);
  }, []);

  const value = useMemo<AuthState>(() => ({ user, isAuthenticated: !!user, login, logout }), [user, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** A storefront page for signed-in users: signed out, it goes to /login and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}
