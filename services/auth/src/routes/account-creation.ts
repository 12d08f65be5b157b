import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { idempotentRequest, ok } from '@esim/platform';
import { createWithInvitation } from '../accounts/creation';
import type { AuthApp, AuthContext } from '../context';

/** An account created from a request: its body's email and name, its locale and address, its Idempotency-Key. */
export function createFromRequest<T extends { id: string; email: string; full_name: string }>(
  app: AuthApp,
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    scope: string;
    password: string | undefined;
    create: (trx: Knex.Transaction, passwordHash: string) => Promise<T>;
  },
) {
  const { email, full_name } = (request.body ?? {}) as { email?: string; full_name?: string };
  return createWithInvitation(app, ctx, {
    locale: request.locale,
    ip: request.ip,
    password: options.password,
    personal: [email ?? '', full_name ?? ''],
    create: options.create,
    once: (work) => idempotentRequest<T>(app.db, request, reply, { scope: options.scope }, work),
  });
}

/** The 201 answer to an account creation: the new record, and whether its owner was emailed an invitation. */
export function okCreated<T extends object>(
  reply: FastifyReply,
  created: { record: T; invitationSent: boolean },
  message: string,
) {
  return ok(reply, { ...created.record, invitation_sent: created.invitationSent }, message, 201);
}
