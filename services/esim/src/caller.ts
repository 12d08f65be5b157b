import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Locale } from '@esim/contracts';
import type { AuthUser } from '@esim/platform';

/**
 * What a purchase or a top-up needs of the request that asks, as plain data: who (signed in), in
 * which language, under which request id, and where its log lines go. Routes build it with `callerOf`.
 */
export interface Caller {
  user: AuthUser;
  locale: Locale;
  requestId: string;
  log: FastifyBaseLogger;
}

/** The caller of a signed-in route (the route guard has set `request.user`). */
export function callerOf(request: FastifyRequest): Caller {
  return { user: request.user!, locale: request.locale, requestId: String(request.id), log: request.log };
}
