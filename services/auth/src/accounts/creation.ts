import type { Knex } from 'knex';
import type { Locale } from '@esim/contracts';
import { hashPassword } from './passwords';
import { assertPasswordStrong } from './password-strength';
import { unusablePasswordHash } from './accounts';
import { sendInBackground, type AuthApp, type AuthContext } from '../context';
import { invitationMail } from '../mail/templates';
import { createResetToken, resetLink } from '../password-reset/reset-tokens';

/** Runs the creation at most once per request (the route's idempotency key), answering the stored record on a replay. */
export type RunOnce<T> = (
  work: (trx: Knex.Transaction) => Promise<{ statusCode: number; body: T }>,
) => Promise<{ body: T }>;

/**
 * Creates an account in one transaction, replaying the stored answer when the request carries an
 * Idempotency-Key already used (a double-clicked "create" makes one account, not a 409).
 * The invitation email goes out only after the commit, and never on a replay.
 */
export async function createWithInvitation<T extends { id: string; email: string; full_name: string }>(
  app: AuthApp,
  ctx: AuthContext,
  options: {
    locale: Locale;
    /** Where the request came from, kept with the invitation's token. */
    ip: string;
    password: string | undefined;
    /** What the password may not contain: the new owner's email and name as the form gave them. */
    personal: string[];
    create: (trx: Knex.Transaction, passwordHash: string) => Promise<T>;
    once: RunOnce<T>;
  },
): Promise<{ record: T; invitationSent: boolean }> {
  if (options.password) {
    // A password an admin or sales manager sets follows the same strength rule as one the owner sets.
    assertPasswordStrong(options.password, options.personal, options.locale);
  }
  const passwordHash = options.password ? await hashPassword(options.password) : unusablePasswordHash();
  let invitationToken: string | undefined;
  const result = await options.once(async (trx) => {
    const record = await options.create(trx, passwordHash);
    if (!options.password) {
      invitationToken = await createResetToken(trx, {
        userId: record.id,
        purpose: 'invitation',
        ttlMs: ctx.config.INVITATION_TTL_HOURS * 3600_000,
        ip: options.ip,
      });
    }
    return { statusCode: 201, body: record };
  });
  if (invitationToken) {
    sendInBackground(
      app,
      ctx,
      invitationMail(
        options.locale,
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
