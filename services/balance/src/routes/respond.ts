import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { idempotentRequest, ok } from '@esim/platform';

/**
 * A money-moving route's answer: the work runs once per Idempotency-Key (required; also checked
 * by the route's header schema so the 400 names the header) in one transaction with the ledger
 * write, through the platform's one idempotency path. The ledger transfer carries the same
 * caller-scoped key as its own.
 */
export async function idempotentReply<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: string; code: string; status?: number },
  work: (trx: Knex.Transaction, transferKey: string) => Promise<T>,
) {
  const result = await idempotentRequest(app.db, request, reply, { scope: options.scope, required: true }, async (trx, transferKey) => ({
    statusCode: options.status ?? 200,
    body: await work(trx, transferKey!),
  }));
  return ok(reply, result.body, options.code, result.statusCode);
}
