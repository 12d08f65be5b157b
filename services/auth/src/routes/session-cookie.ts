import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthConfig } from '../config';
import { REFRESH_COOKIE, type StartedSession } from '../sessions/session';
import type { ClientMeta, IssuedRefreshToken } from '../sessions/refresh-tokens';

/** The refresh token travels only in its cookie: httpOnly (no script reads it), SameSite=Strict, under /api. */
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

/** Where a session is opened from, as its refresh token records it. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** A new session's answer: the access token in the body, the refresh token in the cookie. */
export function sessionAnswer(reply: FastifyReply, config: AuthConfig, started: StartedSession) {
  setRefreshCookie(reply, config, started.refresh);
  return started.session;
}
