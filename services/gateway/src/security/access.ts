import { canAccess, type Action, type Resource } from '@esim/contracts';
import { bearerToken, forbidden, unauthorized, type JwtVerifier } from '@esim/platform';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';

/** Door check of a route: a valid token (401 otherwise) whose role may do `action` on `resource` (403). */
export function requireRole(verify: JwtVerifier, resource: Resource, action: Action): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('unauthorized');
    request.user = await verify(token);
    if (!canAccess(request.user.role, resource, action)) throw forbidden();
  };
}
