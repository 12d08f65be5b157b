import {
  apiKeyCreateBody,
  apiKeySchema,
  API_KEY_SCOPES,
  createdApiKeySchema,
  responds,
  type ApiKey,
  type ApiKeyCreateBody,
} from '@esim/contracts';
import { bearerToken, describeAudit, idempotentRequest, ok, recordOwnWrite, type AuthUser } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  assertDealer,
  createKey,
  dealerById,
  exchangeKey,
  keyIdOfToken,
  keyRouteForbidden,
  listKeys,
  markUsed,
  newSecret,
  publicKey,
  revokeKey,
} from '../api-keys/api-keys';
import type { AuthApp, AuthContext } from '../context';
import { idParams } from '../schemas';

const keyParams = z.object({ id: idParams.shape.id });
const dealerKeyParams = z.object({ id: idParams.shape.id, keyId: idParams.shape.id });
const keyList = z.array(apiKeySchema);

const exchangeBody = z.object({ secret: z.string().min(1).max(200), ip: z.string().max(64).nullable().optional() });
const exchangedSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  key_id: z.string(),
  dealer_id: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
});
const usedBody = z.object({ key_id: idParams.shape.id, ip: z.string().max(64).nullable().optional() });

/**
 * A dealer's API keys for the partner API: the dealer's own (/user/api-keys), an admin's for a
 * dealer (/admin/dealers/:id/api-keys), and the gateway's exchange of a secret for a token
 * (/internal/api-keys/*). One file for the feature's three audiences, all about one table.
 */
export function apiKeyRoutes(app: AuthApp, ctx: AuthContext): void {
  const tokenTtl = ctx.config.ACCESS_TOKEN_TTL_SECONDS;

  /** The caller's own dealer id; a request made with a key never manages keys (the gateway refuses it too). */
  const ownDealer = (request: FastifyRequest): string => {
    if (keyIdOfToken(bearerToken(request))) throw keyRouteForbidden();
    assertDealer(request.user!.userType);
    return request.user!.id;
  };

  /**
   * The platform's audit hook records admin writes only; a dealer's own key changes are recorded
   * here in the same shape, so a key's whole history reads from one log.
   */
  const auditDealerWrite = async (request: FastifyRequest, status: number, key: ApiKey, user: AuthUser) => {
    if (user.role === 'user')
      await recordOwnWrite(app, request, status, { targetId: key.id, targetName: key.name, detail: key.prefix });
  };

  const create = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, body: ApiKeyCreateBody) => {
    let secret: string | null = null;
    const result = await idempotentRequest<ApiKey>(
      app.db,
      request,
      reply,
      { scope: `api-keys:${dealerId}` },
      async (trx) => {
        secret = newSecret(body.sandbox === true);
        const row = await createKey(trx, {
          dealerId,
          name: body.name,
          scopes: body.scopes,
          createdBy: request.user!.id,
          secret,
        });
        // The stored answer (for a replay) never holds the secret: only its hash is kept anywhere.
        return { statusCode: 201, body: publicKey(row) };
      },
    );
    const key = result.body;
    describeAudit(request, { targetId: key.id, targetName: key.name, detail: key.prefix });
    if (!result.replayed) await auditDealerWrite(request, 201, key, request.user!);
    return ok(
      reply,
      { ...key, secret: result.replayed ? null : secret },
      result.replayed ? 'api_key_replayed' : 'api_key_created',
      result.statusCode,
    );
  };

  const revoke = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, keyId: string) => {
    const key = publicKey(
      await revokeKey(app.db, app.redis, { dealerId, keyId, revokedBy: request.user!.id, tokenTtlSeconds: tokenTtl }),
    );
    describeAudit(request, { targetId: key.id, targetName: key.name, detail: key.prefix });
    await auditDealerWrite(request, 200, key, request.user!);
    return ok(reply, key, 'api_key_revoked');
  };

  // ── the dealer's own ──
  app.get(
    '/user/api-keys',
    {
      schema: { tags: ['api-keys'], summary: "The caller's API keys (dealers only)", response: responds(200, keyList) },
    },
    async (request, reply) => ok(reply, await listKeys(app.db, ownDealer(request)), 'api_keys_listed'),
  );
  app.post(
    '/user/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key; the answer shows its secret once (Idempotency-Key honoured)',
        body: apiKeyCreateBody,
        response: responds(201, createdApiKeySchema),
      },
    },
    async (request, reply) => create(request, reply, ownDealer(request), request.body),
  );
  app.delete(
    '/user/api-keys/:id',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key (revoking it again answers it unchanged)',
        params: keyParams,
        response: responds(200, apiKeySchema),
      },
    },
    async (request, reply) => revoke(request, reply, ownDealer(request), request.params.id),
  );

  // ── an admin for a dealer ──
  app.get(
    '/admin/dealers/:id/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: "A dealer's API keys",
        params: keyParams,
        response: responds(200, keyList),
      },
    },
    async (request, reply) => {
      const dealer = await dealerById(app.db, request.params.id);
      return ok(reply, await listKeys(app.db, dealer.id), 'api_keys_listed');
    },
  );
  app.post(
    '/admin/dealers/:id/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key for a dealer; the answer shows its secret once',
        params: keyParams,
        body: apiKeyCreateBody,
        response: responds(201, createdApiKeySchema),
      },
    },
    async (request, reply) => {
      const dealer = await dealerById(app.db, request.params.id);
      return create(request, reply, dealer.id, request.body);
    },
  );
  app.delete(
    '/admin/dealers/:id/api-keys/:keyId',
    {
      schema: {
        tags: ['api-keys'],
        summary: "Revoke a dealer's API key",
        params: dealerKeyParams,
        response: responds(200, apiKeySchema),
      },
    },
    async (request, reply) => {
      const dealer = await dealerById(app.db, request.params.id);
      return revoke(request, reply, dealer.id, request.params.keyId);
    },
  );

  // ── the gateway ──
  app.post(
    '/internal/api-keys/exchange',
    { schema: { body: exchangeBody, response: responds(200, exchangedSchema) } },
    async (request, reply) => {
      const exchanged = await exchangeKey(app.db, app.redis, ctx.keyring, request.body.secret, tokenTtl);
      await markUsed(app.db, exchanged.key_id, request.body.ip ?? null);
      return ok(reply, exchanged);
    },
  );
  app.post(
    '/internal/api-keys/used',
    { schema: { body: usedBody, response: responds(200, z.object({ key_id: z.string() })) } },
    async (request, reply) => {
      await markUsed(app.db, request.body.key_id, request.body.ip ?? null);
      return ok(reply, { key_id: request.body.key_id });
    },
  );
}
