import { canAccess, isApiKeySecret, type RouteAccess, type RouteRule } from '@esim/contracts';
import { bearerToken, forbidden, unauthorized, type AuthUser, type JwtVerifier } from '@esim/platform';
import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { ApiKeyDoor } from './api-keys';

/**
 * Door check of a route: a valid token (401 otherwise) whose role may do `action` on `resource` (403).
 * Callback style: a token seen before passes without a promise (see `JwtVerifier.now`). A partner's
 * API key (`esk_live_...`, or `esk_test_...` for a sandbox key) goes through the key door instead, which swaps it for its dealer's token.
 */
export function requireRole(
  verify: JwtVerifier,
  rule: RouteRule & { access: Exclude<RouteAccess, 'public'> },
  apiKeys?: ApiKeyDoor,
): onRequestHookHandler {
  const { resource, action } = rule.access;
  const admit = (request: FastifyRequest, user: AuthUser, done: HookHandlerDoneFunction) => {
    request.user = user;
    done(canAccess(user.role, resource, action) ? undefined : forbidden());
  };
  return (request, reply, done) => {
    const token = bearerToken(request);
    if (!token) return done(unauthorized('unauthorized'));
    if (apiKeys && isApiKeySecret(token)) {
      apiKeys.admit(request, reply, token, rule).then((known) => admit(request, known, done), done);
      return;
    }
    let user: AuthUser | Promise<AuthUser>;
    try {
      user = verify.now(token);
    } catch (error) {
      return done(error as Error);
    }
    if (user instanceof Promise) user.then((known) => admit(request, known, done), done);
    else admit(request, user, done);
  };
}
