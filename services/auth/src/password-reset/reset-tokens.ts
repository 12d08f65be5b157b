import { fieldError } from '@esim/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale } from '@esim/contracts';
import { hashToken } from '../sessions/refresh-tokens';

/** 'reset': forgot-password; 'invitation': an account created without a password sets its first one. */
export type ResetPurpose = 'reset' | 'invitation';

/**
 * A single-use link token (256 random bits, stored hashed). Issuing one voids the user's earlier
 * unused links, so only the newest email works.
 */
export async function createResetToken(
  trx: Knex.Transaction,
  options: { userId: string; purpose: ResetPurpose; ttlMs: number; ip?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx('password_resets')
    .where({ user_id: options.userId })
    .whereNull('used_at')
    .update({ used_at: trx.fn.now() });
  await trx('password_resets').insert({
    id: randomUUID(),
    user_id: options.userId,
    token_hash: hashToken(token),
    purpose: options.purpose,
    expires_at: new Date(Date.now() + options.ttlMs),
    requested_ip: options.ip ?? null,
  });
  return token;
}

/**
 * Uses a token up inside the caller's transaction (the password change commits with it, or
 * neither happens). The conditional UPDATE makes two concurrent uses impossible.
 */
export async function consumeResetToken(
  trx: Knex.Transaction,
  token: string,
  locale: Locale,
): Promise<{ userId: string }> {
  const hash = hashToken(token);
  const [used] = await trx('password_resets')
    .where({ token_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', trx.fn.now())
    .update({ used_at: trx.fn.now() })
    .returning('user_id');
  if (used) return { userId: used.user_id as string };
  const row = await trx('password_resets').where({ token_hash: hash }).first('used_at');
  const expired = row && !row.used_at;
  throw fieldError(400, expired ? 'reset_token_expired' : 'reset_token_invalid', 'token', locale);
}

/** Build the storefront link of a reset or invitation token. */
export function resetLink(publicBaseUrl: string, token: string): string {
  const url = new URL('/reset-password', publicBaseUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
