import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { idempotentRequest, ok } from '@esim/platform';
import { hashPassword } from './passwords';
import { assertPasswordStrong } from './password-strength';
import { unusablePasswordHash } from './accounts';
import { sendInBackground, type AuthApp, type AuthContext } from '../context';
import { invitationMail } from '../mail/templates';
import { createResetToken, resetLink } from '../password-reset/reset-tokens';

/**
 * Creates an account in one transaction, replaying the stored answer when the request carries an
 * Idempotency-Key already used (a double-clicked "create" makes one account, not a 409).
 * The invitation email goes out only after the commit, and never on a replay.
 */
export async function createWithInvitation<T extends { id: string; email: string; full_name: string }>(
  app: AuthApp,
  ctx: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    scope: string;
    password: string | undefined;
    create: (trx: Knex.Transaction, passwordHash: string) => Promise<T>;
  },
): Promise<{ record: T; invitationSent: boolean }> {
  if (options.password) {
    // A password an admin or sales manager sets follows the same strength rule as one the owner sets.
    const { email, full_name } = (request.body ?? {}) as { email?: string; full_name?: string };
    assertPasswordStrong(options.password, [email ?? '', full_name ?? ''], request.locale);
  }
  const passwordHash = options.password ? await hashPassword(options.password) : unusablePasswordHash();
  let invitationToken: string | undefined;
  const work = async (trx: Knex.Transaction) => {
    const record = await options.create(trx, passwordHash);
    if (!options.password) {
      invitationToken = await createResetToken(trx, {
        userId: record.id,
        purpose: 'invitation',
        ttlMs: ctx.config.INVITATION_TTL_HOURS * 3600_000,
        ip: request.ip,
      });
    }
    return { statusCode: 201, body: record };
  };
  const result = await idempotentRequest<T>(app.db, request, reply, { scope: options.scope }, work);
  if (invitationToken) {
    sendInBackground(
      app,
      ctx,
      invitationMail(
        request.locale,
        {
          to: result.body.email,
          fullName: result.body.full_name,
          link: resetLink(ctx.config.PUBLIC_BASE_URL, invitationToken),
        },
        ctx.config.INVITATION_TTL_HOURS,
      ),
    );
  }
  return { record: result.body, invitationSent: Boolean(invitationToken) };
}

/** The 201 answer to an account creation: the new record, and whether its owner was emailed an invitation. */
export function okCreated<T extends object>(
  reply: FastifyReply,
  created: { record: T; invitationSent: boolean },
  message: string,
) {
  return ok(reply, { ...created.record, invitation_sent: created.invitationSent }, message, 201);
}
