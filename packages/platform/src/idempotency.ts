import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { translate, type Locale } from '@esim/contracts';
import type { Knex } from 'knex';
import { AppError, conflict } from './errors';
import { ok } from './http/envelope';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
  /** True when this is a stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** Stable JSON: object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(parts: unknown): string {
  return createHash('sha256').update(canonical(parts)).digest('hex');
}

/** The `Idempotency-Key` header, validated; undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !/^[\w.:-]{8,128}$/.test(key)) throw new AppError(400, 'idempotency_key_invalid');
  return key;
}

/** What one request claims: its (scope, key), its body's hash, and the answer stored with the claim. */
export interface IdempotencyClaim<T> {
  scope: string;
  key: string;
  requestHash: string;
  answer: { statusCode: number; body: T };
}

/**
 * Claims keys in one statement inside the caller's transaction, each with its answer; says which
 * were claimed. A key taken before (or by a concurrent request, once that one commits) is not: the
 * caller answers it with `storedAnswer` after its transaction. Of two claims of one key in the same
 * list, the first claims.
 */
export async function claimIdempotencyKeys(
  trx: Knex | Knex.Transaction,
  claims: ReadonlyArray<IdempotencyClaim<unknown>>,
): Promise<boolean[]> {
  const firstOf = new Map<string, number>();
  claims.forEach((claim, i) => {
    const id = `${claim.scope}\n${claim.key}`;
    if (!firstOf.has(id)) firstOf.set(id, i);
  });
  const unique = [...firstOf.values()].map((i) => claims[i]!);
  const claim = claimKeysStatement(unique);
  const claimed = await trx.raw(`${claim.sql} RETURNING scope, key`, claim.bindings);
  const won = new Set((claimed.rows as Array<{ scope: string; key: string }>).map((row) => `${row.scope}\n${row.key}`));
  return claims.map((claim, i) => {
    const id = `${claim.scope}\n${claim.key}`;
    return firstOf.get(id) === i && won.has(id);
  });
}

/**
 * The INSERT that claims keys, for a caller that claims them inside a statement of its own (a
 * data-modifying WITH: esim's orders/placing.ts): a key taken before is skipped; the caller adds
 * its RETURNING (the claimed rows' `scope`, `key`, `response_body`).
 */
export function claimKeysStatement(claims: ReadonlyArray<IdempotencyClaim<unknown>>): {
  sql: string;
  bindings: Knex.RawBinding[];
} {
  return {
    sql: `INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
          SELECT * FROM unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::jsonb[])
          ON CONFLICT (scope, key) DO NOTHING`,
    bindings: [
      claims.map((claim) => claim.scope),
      claims.map((claim) => claim.key),
      claims.map((claim) => claim.requestHash),
      claims.map((claim) => claim.answer.statusCode),
      claims.map((claim) => JSON.stringify(claim.answer.body ?? null)),
    ] as unknown as Knex.RawBinding[],
  };
}

/** The answer stored for a key claimed before: replayed when the request is the same, else a 409. */
export async function storedAnswer<T>(
  db: Knex | Knex.Transaction,
  claim: { scope: string; key: string; requestHash: string },
): Promise<IdempotentResult<T>> {
  const stored = await findStoredAnswer<T>(db, claim);
  if (!stored) throw conflict('idempotency_conflict');
  return stored;
}

/** The answer stored for a key, or undefined when none is (yet): a lookup before any work, outside a transaction. Another request under the key is a 409. */
export async function findStoredAnswer<T>(
  db: Knex | Knex.Transaction,
  claim: { scope: string; key: string; requestHash: string },
): Promise<IdempotentResult<T> | undefined> {
  const stored = await db('idempotency_keys').where({ scope: claim.scope, key: claim.key }).first();
  if (!stored) return undefined;
  if (stored.request_hash !== claim.requestHash) throw conflict('idempotency_conflict');
  return { statusCode: stored.status_code as number, body: stored.response_body as T, replayed: true };
}

/**
 * Runs `work` at most once per (scope, key), inside one transaction with its effect:
 * - a new key runs the work and stores its answer in the same transaction;
 * - the same key with the same request replays the stored answer (nothing runs again);
 * - the same key with a different request is a 409.
 * Concurrent requests with one key queue on the primary key: the second sees the first's answer.
 * A thrown error rolls everything back, so the key stays free and the client may retry.
 */
export async function runIdempotent<T>(
  db: Knex,
  options: { scope: string; key: string; request: unknown; answer?: { statusCode: number; body: T } },
  work: (trx: Knex.Transaction) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const { scope, key, answer } = options;
  return runClaim(db, { scope, key, requestHash: requestHash(options.request), answer }, work);
}

/** `runIdempotent` for a claim already made (`claimOf`); its answer, when known up front, is stored with the claim. */
export async function runClaim<T>(
  db: Knex,
  claim: Omit<IdempotencyClaim<T>, 'answer'> & { answer?: { statusCode: number; body: T } },
  work: (trx: Knex.Transaction) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  // An answer known before the work (an id drawn up front) is stored with the claim: no second write.
  const known = claim.answer;
  return db.transaction(async (trx) => {
    const [claimed] = await claimIdempotencyKeys(trx, [{ ...claim, answer: known ?? { statusCode: 0, body: null } }]);
    if (!claimed) return storedAnswer<T>(trx, claim);
    const result = await work(trx);
    if (known) {
      // The work must answer what was stored; anything else is a bug, rolled back here.
      if (canonical(result) !== canonical(known))
        throw new Error(`idempotent work answered other than its known answer (${claim.scope})`);
    } else {
      await trx('idempotency_keys')
        .where({ scope: claim.scope, key: claim.key })
        .update({ status_code: result.statusCode, response_body: JSON.stringify(result.body) });
    }
    return { ...result, replayed: false };
  });
}

/**
 * A request's Idempotency-Key as plain data, for a domain module that takes no HTTP request: the
 * route reads it with `requestKeyOf`, the module claims it with `claimOf` under the scope it learns.
 */
export interface RequestKey {
  /** The header, validated; undefined when absent (`claimOf` then refuses with 400). */
  key: string | undefined;
  /** Who asks: a key is scoped to its caller. */
  callerId: string;
  requestHash: string;
  /** The language of the 400 that names a missing header. */
  locale: Locale;
}

export function requestKeyOf(request: FastifyRequest): RequestKey {
  return {
    key: idempotencyKeyOf(request),
    callerId: callerOf(request),
    requestHash: requestHash(request.body),
    locale: request.locale,
  };
}

/**
 * The claim of a request's key, for work that cannot run inside `idempotentRequest`'s own
 * transaction (group-committed with others', or after calls to other services): the key is
 * required (400 naming the header without it), scoped to the caller as `idempotentRequest` scopes
 * it, with the answer known up front.
 */
export function claimOf<T>(
  requestKey: RequestKey,
  options: { scope: string; answer: { statusCode: number; body: T } },
): IdempotencyClaim<T> {
  if (!requestKey.key) throw keyRequired(requestKey.locale);
  return {
    scope: scopedTo(requestKey.callerId, options.scope),
    key: requestKey.key,
    requestHash: requestKey.requestHash,
    answer: options.answer,
  };
}

/** Marks an answer as the replay of an earlier request with the same key. */
export function markReplayed(reply: FastifyReply): void {
  reply.header('idempotent-replayed', 'true');
}

const keyRequired = (locale: Locale) =>
  new AppError(400, 'idempotency_key_required', {
    errors: [{ path: 'Idempotency-Key', message: translate('idempotency_key_required', locale) }],
  });
const callerOf = (request: FastifyRequest) => request.user?.id ?? 'anonymous';
const callerScope = (request: FastifyRequest, scope: string) => scopedTo(callerOf(request), scope);
const scopedTo = (callerId: string, scope: string) => `${scope}:${callerId}`;

/**
 * For a request that calls other services before it records its effect (reserve, call, then
 * record with `idempotentRequest`): the caller-scoped key (required: 400 naming the header without
 * it) and, when this request was answered before, that answer to replay before any call is made.
 */
export async function lookUpIdempotentRequest<T>(
  db: Knex,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: string },
): Promise<{ scopedKey: string; replay: IdempotentResult<T> | undefined }> {
  const key = idempotencyKeyOf(request);
  if (!key) throw keyRequired(request.locale);
  const scope = callerScope(request, options.scope);
  const replay = await findStoredAnswer<T>(db, { scope, key, requestHash: requestHash(request.body) });
  if (replay) markReplayed(reply);
  return { scopedKey: `${scope}:${key}`, replay };
}

/**
 * The one way a route runs an order-creating or money-moving request: once per
 * (scope, caller, Idempotency-Key), in one transaction with its effect (see `runIdempotent`).
 * (A request whose write is group-committed with others' takes the same claim from
 * `claimOf` into its batch's transaction, and `storedAnswer` for a replay.)
 * A replay answers the stored result and says so in `Idempotent-Replayed: true`. Without a key
 * the work runs once in a plain transaction, unless the route requires one (money: 400 naming
 * the header). `work` gets the caller-scoped key, to stamp on what it writes (e.g. a transfer).
 * `answer`: the answer, when it is known before the work runs (its id drawn up front); it is then
 * stored with the claim in one statement, and the work must answer exactly that.
 */
export async function idempotentRequest<T>(
  db: Knex,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: string; required?: boolean; answer?: { statusCode: number; body: T } },
  work: (trx: Knex.Transaction, scopedKey: string | undefined) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentResult<T>> {
  const key = idempotencyKeyOf(request);
  if (!key) {
    if (options.required) throw keyRequired(request.locale);
    return { ...(await db.transaction((trx) => work(trx, undefined))), replayed: false };
  }
  const scope = callerScope(request, options.scope);
  const result = await runIdempotent<T>(db, { scope, key, request: request.body, answer: options.answer }, (trx) =>
    work(trx, `${scope}:${key}`),
  );
  if (result.replayed) markReplayed(reply);
  return result;
}

/**
 * A money-moving route's answer in the envelope: the work runs once per Idempotency-Key (required)
 * in one transaction, and gets the caller-scoped key to stamp on the transfer it writes.
 */
export async function idempotentReply<T>(
  db: Knex,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { scope: string; code: string; status?: number },
  work: (trx: Knex.Transaction, scopedKey: string) => Promise<T>,
) {
  const result = await idempotentRequest(
    db,
    request,
    reply,
    { scope: options.scope, required: true },
    async (trx, scopedKey) => ({
      statusCode: options.status ?? 200,
      body: await work(trx, scopedKey!),
    }),
  );
  return ok(reply, result.body, options.code, result.statusCode);
}
