import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { ok, runIdempotent } from '@esim/platform';

/**
 * Runs a money-moving request once per Idempotency-Key (checked by the route's header schema),
 * in one transaction with the ledger write: the same key and body replay the stored answer
 * (header `Idempotent-Replayed: true`), the same key with another body is a 409. Keys are scoped to
 * the route and the caller, and the ledger transfer gets the same scoped key as its own.
 */
export async function idempotentReply<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: string; code: string; status?: number },
  work: (trx: Knex.Transaction, transferKey: string) => Promise<T>,
) {
  const key = request.headers['idempotency-key'] as string;
  const scope = `${options.scope}:${request.user!.id}`;
  const result = await runIdempotent(app.db, { scope, key, request: request.body }, async (trx) => ({
    statusCode: options.status ?? 200,
    body: await work(trx, `${scope}:${key}`),
  }));
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return ok(reply, result.body, options.code, result.statusCode);
}
