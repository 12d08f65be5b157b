import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale, UserType } from '@esim/contracts';
import { fieldError, publish, revokeUserTokens, type Redis } from '@esim/platform';
import type { AccountStatus } from '../schemas';
import { emailTaken, isEmailConflict, type UserRow } from './repository';

export const PRODUCER = 'auth';

export interface NewAccount {
  /** Fixed ids only for the demo seed; otherwise PostgreSQL generates one. */
  id?: string;
  email: string;
  fullName: string;
  /** argon2id hash, computed before the transaction so no connection waits on it. */
  passwordHash: string;
  userType: UserType;
  roles?: string[] | null;
  phone?: string | null;
  status?: AccountStatus;
}

/**
 * A hash no password matches: accounts created by an admin without a password get one and set
 * their own through the emailed link.
 */
export function unusablePasswordHash(): string {
  return `!unset:${randomBytes(16).toString('hex')}`;
}

/**
 * Inserts an account of any role and publishes auth.user.registered in the same transaction.
 * A taken email is a 409 naming the field, whether found first or caught from the unique index.
 */
export async function createAccount(
  trx: Knex.Transaction,
  account: NewAccount,
  meta: { locale: Locale; correlationId?: string },
): Promise<UserRow> {
  if (await emailTaken(trx, account.email)) throw fieldError(409, 'user_already_exists', 'email', meta.locale);
  let user: UserRow;
  try {
    // A savepoint, so a lost race on the unique index leaves the caller's transaction usable for the error.
    [user] = (await trx.transaction(async (sp) =>
      sp('users')
        .insert({
          ...(account.id ? { id: account.id } : {}),
          email: account.email.toLowerCase(),
          password_hash: account.passwordHash,
          full_name: account.fullName,
          phone: account.phone ?? null,
          user_type: account.userType,
          roles: account.roles?.length ? account.roles : null,
          status: account.status ?? 'active',
        })
        .returning('*'),
    )) as [UserRow];
  } catch (error) {
    if (isEmailConflict(error)) throw fieldError(409, 'user_already_exists', 'email', meta.locale);
    throw error;
  }
  await publish(trx, PRODUCER, {
    type: 'auth.user.registered',
    aggregateId: user.id,
    correlationId: meta.correlationId,
    payload: {
      userId: user.id,
      email: user.email,
      fullName: user.full_name,
      userType: user.user_type,
      status: user.status,
    },
  });
  return user;
}

/**
 * Signs a user out everywhere: every refresh token revoked, and every access token issued so far
 * refused by every service (the platform verifier reads the Redis mark). Called inside the
 * transaction that suspends, deletes or re-passwords the account: if Redis is down the change
 * rolls back rather than leaving live tokens behind.
 */
export async function revokeAllAccess(
  trx: Knex.Transaction,
  redis: Redis,
  userId: string,
  reason: string,
): Promise<void> {
  await trx('refresh_tokens')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: trx.fn.now(), revoked_reason: reason });
  await revokeUserTokens(redis, userId);
}

/**
 * The one suspend / reactivate rule of dealers and sales managers: the status is written and a
 * suspended account is signed out everywhere at once. False when the status is already that (no event).
 */
export async function changeAccountStatus(
  trx: Knex.Transaction,
  redis: Redis,
  userId: string,
  from: AccountStatus,
  to: AccountStatus,
): Promise<boolean> {
  if (from === to) return false;
  await trx('users').where({ id: userId }).update({ status: to, updated_at: trx.fn.now() });
  if (to === 'suspended') await revokeAllAccess(trx, redis, userId, 'suspended');
  return true;
}
