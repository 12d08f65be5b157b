import type { FastifyRequest } from 'fastify';
import type { Meta } from '../dealers/dealers';

/** What account changes carry into their events and field errors: the caller's language and the request id. */
export const metaOf = (request: FastifyRequest): Meta => ({ locale: request.locale, correlationId: String(request.id) });
