import type { AuthApp, AuthContext } from '../context';
import { publicUser, type UserRow } from '../accounts/repository';
import { signAccessToken } from '../tokens/access-tokens';
import { issueRefreshToken, refreshLifetimeDays, type ClientMeta, type IssuedRefreshToken } from './refresh-tokens';

/** The refresh token travels only in this cookie (routes/session-cookie.ts sets it). */
export const REFRESH_COOKIE = 'refresh_token';

/** The login answer: token, full_name, email, user_type (+ role, id, expiry). */
export function sessionData(user: UserRow, access: { token: string; expiresAt: Date }) {
  const { phone: _phone, ...visible } = publicUser(user);
  return {
    token: access.token,
    token_type: 'Bearer' as const,
    expires_at: access.expiresAt.toISOString(),
    ...visible,
  };
}

export async function signAccessFor(app: AuthApp, ctx: AuthContext, user: UserRow) {
  return signAccessToken(
    ctx.keyring,
    app.redis,
    { id: user.id, email: user.email, userType: user.user_type, roles: user.roles },
    ctx.config.ACCESS_TOKEN_TTL_SECONDS,
  );
}

/** A new session and the refresh token (of a new family) its cookie carries. */
export interface StartedSession {
  session: ReturnType<typeof sessionData>;
  refresh: IssuedRefreshToken;
}

/** A new session: the access token for the body, the refresh token (new family) for the cookie. */
export async function startSession(
  app: AuthApp,
  ctx: AuthContext,
  start: { user: UserRow; rememberMe: boolean; client: ClientMeta },
): Promise<StartedSession> {
  const refresh = await issueRefreshToken(app.db, {
    userId: start.user.id,
    rememberMe: start.rememberMe,
    lifetimeDays: refreshLifetimeDays(ctx.config, start.rememberMe),
    client: start.client,
  });
  return { session: sessionData(start.user, await signAccessFor(app, ctx, start.user)), refresh };
}
