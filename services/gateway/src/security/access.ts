import { canAccess, type Action, type Resource } from '@esim/contracts';
import { bearerToken, forbidden, unauthorized, type AuthUser, type JwtVerifier } from '@esim/platform';
import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';

/**
 * Door check of a route: a valid token (401 otherwise) whose role may do `action` on `resource` (403).
 * Callback style: a token seen before passes without a promise (see `JwtVerifier.now`).
 */
export function requireRole(verify: JwtVerifier, resource: Resource, action: Action): onRequestHookHandler {
  const admit = (request: FastifyRequest, user: AuthUser, done: HookHandlerDoneFunction) => {
    request.user = user;
    done(canAccess(user.role, resource, action) ? undefined : forbidden());
  };
  return (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token) return done(unauthorized('unauthorized'));
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
