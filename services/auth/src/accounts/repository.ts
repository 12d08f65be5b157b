import type { Knex } from 'knex';
import { fieldError, isUniqueViolation } from '@esim/platform';
import type { Locale, UserType } from '@esim/contracts';
import type { AccountStatus } from '../schemas';

/** One row of `users`: every role lives here; dealer and sales-manager details sit in their profile tables. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  full_name: string;
  phone: string | null;
  user_type: UserType;
  roles: string[] | null;
  status: AccountStatus;
  created_at: Date;
  updated_at: Date;
  password_changed_at: Date | null;
  deleted_at: Date | null;
}

type Queryable = Knex | Knex.Transaction;

/** A live (not deleted) account by email, case-insensitively. */
export function findLiveUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('deleted_at').first();
}

export function findLiveUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).whereNull('deleted_at').first();
}

/** True when a live account other than `exceptId` uses the email. */
export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const query = db('users').whereRaw('lower(email) = lower(?)', [email]).whereNull('deleted_at');
  if (exceptId) query.whereNot({ id: exceptId });
  return Boolean(await query.first('id'));
}

/** PostgreSQL's unique_violation on the live-email index (two registrations racing). */
export function isEmailConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'users_email_live');
}

/**
 * Writes changed `users` fields of a dealer or sales manager in a savepoint, so an email taken by a
 * racing registration answers 409 on the email field instead of aborting the caller's transaction.
 */
export async function updateUserFields(
  trx: Knex.Transaction,
  id: string,
  changes: Record<string, unknown>,
  locale: Locale,
): Promise<void> {
  if (!Object.keys(changes).length) return;
  try {
    await trx.transaction(async (sp) =>
      sp('users')
        .where({ id })
        .update({ ...changes, updated_at: sp.fn.now() }),
    );
  } catch (error) {
    if (isEmailConflict(error)) throw fieldError(409, 'user_already_exists', 'email', locale);
    throw error;
  }
}

/** The account as clients see it (`/me`, login): never the hash. */
export function publicUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    user_type: user.user_type,
    ...(user.roles?.length ? { role: user.roles } : {}),
    phone: user.phone,
  };
}
