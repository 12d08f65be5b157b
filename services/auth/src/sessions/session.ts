import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../config';
import type { AuthApp, AuthContext } from '../context';
import { publicUser, type UserRow } from '../accounts/repository';
import { signAccessToken } from '../tokens/access-tokens';
import { issueRefreshToken, refreshLifetimeDays, type ClientMeta, type IssuedRefreshToken } from './refresh-tokens';

/** The refresh token travels only in this cookie: httpOnly (no script reads it), SameSite=Strict, under /api. */
export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api';

const secureCookie = (config: AuthConfig) => config.COOKIE_SECURE ?? config.APP_MODE === 'production';

export function setRefreshCookie(reply: FastifyReply, config: AuthConfig, refresh: IssuedRefreshToken): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(config),
    path: COOKIE_PATH,
    expires: refresh.expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: AuthConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookie(config),
    path: COOKIE_PATH,
  });
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

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

/** A new session: access token in the body, refresh token (new family) in the cookie. */
export async function startSession(
  app: AuthApp,
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  rememberMe: boolean,
) {
  const refresh = await issueRefreshToken(app.db, {
    userId: user.id,
    rememberMe,
    lifetimeDays: refreshLifetimeDays(ctx.config, rememberMe),
    client: clientMeta(request),
  });
  setRefreshCookie(reply, ctx.config, refresh);
  return sessionData(user, await signAccessFor(app, ctx, user));
}
