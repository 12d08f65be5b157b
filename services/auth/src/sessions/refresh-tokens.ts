import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { revokeUserTokens, unauthorized, type Redis } from '@esim/platform';
import { findLiveUser, type UserRow } from '../accounts/repository';

/**
 * Refresh tokens: 256 random bits, stored only as a SHA-256 hash (a database leak gives no
 * usable token). Each login starts a family; every refresh rotates the token within it; a
 * rotated token presented again means a copy was stolen, so the whole family is revoked.
 */
export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

export interface ClientMeta {
  ip: string;
  userAgent?: string;
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

interface RefreshTokenRow {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  remember_me: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
}

export function refreshLifetimeDays(
  config: { REFRESH_TOKEN_DAYS: number; REFRESH_TOKEN_REMEMBER_DAYS: number },
  rememberMe: boolean,
) {
  return rememberMe ? config.REFRESH_TOKEN_REMEMBER_DAYS : config.REFRESH_TOKEN_DAYS;
}

export async function issueRefreshToken(
  db: Knex | Knex.Transaction,
  options: {
    userId: string;
    rememberMe: boolean;
    lifetimeDays: number;
    familyId?: string;
    id?: string;
    client: ClientMeta;
  },
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + options.lifetimeDays * 24 * 3600 * 1000);
  await db('refresh_tokens').insert({
    id: options.id ?? randomUUID(),
    family_id: options.familyId ?? randomUUID(),
    user_id: options.userId,
    token_hash: hashToken(token),
    remember_me: options.rememberMe,
    expires_at: expiresAt,
    ip: options.client.ip,
    user_agent: options.client.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

export async function revokeFamily(db: Knex | Knex.Transaction, familyId: string, reason: string): Promise<void> {
  await db('refresh_tokens')
    .where({ family_id: familyId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_reason: reason });
}

type RotateOutcome =
  | { kind: 'rotated'; user: UserRow; issued: IssuedRefreshToken; rememberMe: boolean }
  | { kind: 'refused'; code: 'unauthorized' | 'token_expired' }
  | { kind: 'reused'; userId: string };

/**
 * Exchanges a refresh token for a new one in the same family. The row is locked, so two
 * concurrent uses of one token cannot both succeed: the second is treated as reuse.
 */
export async function rotateRefreshToken(
  db: Knex,
  redis: Redis,
  raw: string,
  options: { lifetimeDays: (rememberMe: boolean) => number; client: ClientMeta },
): Promise<{ user: UserRow; issued: IssuedRefreshToken; rememberMe: boolean }> {
  const outcome = await db.transaction(async (trx): Promise<RotateOutcome> => {
    const row = await trx<RefreshTokenRow>('refresh_tokens')
      .where({ token_hash: hashToken(raw) })
      .forUpdate()
      .first();
    if (!row) return { kind: 'refused', code: 'unauthorized' };
    if (row.revoked_at) {
      if (row.revoked_reason !== 'rotated') return { kind: 'refused', code: 'unauthorized' };
      await revokeFamily(trx, row.family_id, 'reuse-detected');
      return { kind: 'reused', userId: row.user_id };
    }
    if (row.expires_at.getTime() <= Date.now()) return { kind: 'refused', code: 'token_expired' };
    const user = await findLiveUser(trx, row.user_id);
    if (!user || user.status !== 'active') {
      await revokeFamily(trx, row.family_id, 'account-inactive');
      return { kind: 'refused', code: 'unauthorized' };
    }
    const nextId = randomUUID();
    await trx('refresh_tokens')
      .where({ id: row.id })
      .update({ revoked_at: trx.fn.now(), revoked_reason: 'rotated', replaced_by: nextId });
    const issued = await issueRefreshToken(trx, {
      id: nextId,
      userId: user.id,
      rememberMe: row.remember_me,
      lifetimeDays: options.lifetimeDays(row.remember_me),
      familyId: row.family_id,
      client: options.client,
    });
    return { kind: 'rotated', user, issued, rememberMe: row.remember_me };
  });
  if (outcome.kind === 'rotated') return outcome;
  if (outcome.kind === 'reused') {
    // Whoever holds the stolen copy may also hold a live access token from it: refuse those too.
    await revokeUserTokens(redis, outcome.userId);
    throw unauthorized('session_revoked');
  }
  throw unauthorized(outcome.code);
}

/** Logout: the presented token's whole family (this device's session) ends. Unknown tokens are ignored. */
export async function revokeRefreshToken(db: Knex, raw: string): Promise<void> {
  const row = await db<RefreshTokenRow>('refresh_tokens')
    .where({ token_hash: hashToken(raw) })
    .first();
  if (row) await revokeFamily(db, row.family_id, 'logout');
}
