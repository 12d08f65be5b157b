import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEY_SANDBOX_PREFIX,
  isApiKeySecret,
  API_KEY_SHOWN_CHARS,
  API_KEYS_MAX_ACTIVE,
  USER_TYPE,
  type ApiKey,
  type ApiKeyScope,
} from '@esim/contracts';
import { AppError, conflict, forbidden, notFound, revokeTokenId, unauthorized, type Redis } from '@esim/platform';
import type { Knex } from 'knex';
import { findLiveUser, type UserRow } from '../accounts/repository';
import { signAccessToken } from '../tokens/access-tokens';
import type { Keyring } from '../tokens/keyring';

type Queryable = Knex | Knex.Transaction;

export interface ApiKeyRow {
  id: string;
  dealer_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: ApiKeyScope[];
  sandbox: boolean;
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

/** RFC 4648 base32 without padding, lower-cased: 24 bytes make 39 characters, safe in a header and a URL. */
function base32(bytes: Buffer): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A fresh secret: 192 random bits, after the live or the sandbox prefix. */
export function newSecret(sandbox = false): string {
  return (sandbox ? API_KEY_SANDBOX_PREFIX : API_KEY_PREFIX) + base32(randomBytes(24));
}

const prefixOf = (secret: string) =>
  secret.startsWith(API_KEY_SANDBOX_PREFIX) ? API_KEY_SANDBOX_PREFIX : API_KEY_PREFIX;

/**
 * SHA-256 of a secret, hex. A fast hash is right here: the secret is 192 random bits, so there is
 * no dictionary to try, and the exchange hashes on every cache miss at the gateway.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function publicKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    dealer_id: row.dealer_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    sandbox: row.sandbox,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_used_ip: row.last_used_ip,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    revoked_by: row.revoked_by,
    status: row.revoked_at ? 'revoked' : 'active',
  };
}

/** The live dealer an admin names by id: 404 for anyone else, so the route does not tell accounts apart. */
export async function dealerById(db: Queryable, id: string): Promise<UserRow> {
  const user = await findLiveUser(db, id);
  if (!user || user.user_type !== USER_TYPE.dealer) throw notFound('dealer_not_found');
  return user;
}

/** Only a dealer has keys: anyone else asking for their own gets a 403 that says so. */
export function assertDealer(userType: number): void {
  if (userType !== USER_TYPE.dealer) throw forbidden('api_keys_dealers_only');
}

export async function listKeys(db: Queryable, dealerId: string): Promise<ApiKey[]> {
  const rows = await db<ApiKeyRow>('api_keys').where({ dealer_id: dealerId }).orderBy('created_at', 'desc');
  return rows.map(publicKey);
}

/**
 * Creates a key inside the caller's transaction: the dealer's row is locked first, so two
 * concurrent requests cannot both pass the count and make an eleventh active key.
 */
export async function createKey(
  trx: Knex.Transaction,
  input: { dealerId: string; name: string; scopes: ApiKeyScope[]; createdBy: string; secret: string },
): Promise<ApiKeyRow> {
  await trx('users').where({ id: input.dealerId }).forUpdate().first('id');
  const [active] = (await trx('api_keys')
    .where({ dealer_id: input.dealerId })
    .whereNull('revoked_at')
    .count({ n: '*' })) as Array<{ n: string }>;
  if (Number(active?.n ?? 0) >= API_KEYS_MAX_ACTIVE)
    throw conflict('api_key_limit_reached', { max: API_KEYS_MAX_ACTIVE });
  const [row] = (await trx('api_keys')
    .insert({
      dealer_id: input.dealerId,
      name: input.name,
      prefix: input.secret.slice(prefixOf(input.secret).length, prefixOf(input.secret).length + API_KEY_SHOWN_CHARS),
      // The secret's prefix says what the key is, so the two can never disagree.
      sandbox: input.secret.startsWith(API_KEY_SANDBOX_PREFIX),
      secret_hash: hashSecret(input.secret),
      scopes: [...new Set(input.scopes)],
      created_by: input.createdBy,
    })
    .returning('*')) as ApiKeyRow[];
  return row!;
}

/**
 * Revokes a dealer's key; revoking one already revoked answers it unchanged. Its id then goes into
 * the tokens' revocation set (announced, so every gateway copy drops it at once) for as long as a
 * token exchanged for it could live: every such token carries the key id as its jti.
 */
export async function revokeKey(
  db: Knex,
  redis: Redis,
  input: { dealerId: string; keyId: string; revokedBy: string; tokenTtlSeconds: number },
): Promise<ApiKeyRow> {
  const [revoked] = (await db('api_keys')
    .where({ id: input.keyId, dealer_id: input.dealerId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now(), revoked_by: input.revokedBy })
    .returning('*')) as ApiKeyRow[];
  const row =
    revoked ?? (await db<ApiKeyRow>('api_keys').where({ id: input.keyId, dealer_id: input.dealerId }).first());
  if (!row) throw notFound('api_key_not_found');
  // Also on a repeated revoke: a first attempt whose Redis write failed is completed by the retry.
  await revokeTokenId(redis, row.id, input.tokenTtlSeconds + 60);
  return row;
}

export interface Exchanged {
  token: string;
  expires_at: string;
  key_id: string;
  dealer_id: string;
  scopes: ApiKeyScope[];
}

/**
 * A secret for a short-lived access token of its dealer (role dealer, `key` and `scopes` claims, the
 * key id as jti). Unknown, revoked, or a dealer not active: the same 401, so nothing is learnt.
 */
export async function exchangeKey(
  db: Knex,
  redis: Redis,
  keyring: Keyring,
  secret: string,
  ttlSeconds: number,
): Promise<Exchanged> {
  if (!isApiKeySecret(secret)) throw unauthorized('api_key_invalid');
  const key = await db<ApiKeyRow>('api_keys')
    .where({ secret_hash: hashSecret(secret) })
    .whereNull('revoked_at')
    .first();
  if (!key || key.sandbox !== secret.startsWith(API_KEY_SANDBOX_PREFIX)) throw unauthorized('api_key_invalid');
  const dealer = await findLiveUser(db, key.dealer_id);
  if (!dealer || dealer.user_type !== USER_TYPE.dealer || dealer.status !== 'active')
    throw unauthorized('api_key_invalid');
  const { token, expiresAt } = await signAccessToken(
    keyring,
    redis,
    { id: dealer.id, email: dealer.email, userType: dealer.user_type, roles: dealer.roles },
    ttlSeconds,
    // esim sees `sandbox` on the token and buys demo eSIMs at no cost; the gateway keeps such a key off every other write.
    { jwtid: key.id, claims: { key: key.id, scopes: key.scopes, ...(key.sandbox ? { sandbox: true } : {}) } },
  );
  return {
    token,
    expires_at: expiresAt.toISOString(),
    key_id: key.id,
    dealer_id: dealer.id,
    scopes: key.scopes,
  };
}

/** Records a key's use (time and client address), at most once a minute per key. */
export async function markUsed(db: Knex, keyId: string, ip: string | null): Promise<void> {
  await db('api_keys')
    .where({ id: keyId })
    .whereNull('revoked_at')
    .where((q) => q.whereNull('last_used_at').orWhereRaw("last_used_at < now() - interval '1 minute'"))
    .update({ last_used_at: db.fn.now(), last_used_ip: ip?.slice(0, 64) ?? null });
}

/** Whether this request was made with an API key's token (its `key` claim); such a request may not manage keys. */
export function keyIdOfToken(token: string | undefined): string | undefined {
  if (!token) return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { key?: unknown };
    return typeof claims.key === 'string' ? claims.key : undefined;
  } catch {
    return undefined;
  }
}

export const keyRouteForbidden = () => new AppError(403, 'api_key_route_forbidden');
