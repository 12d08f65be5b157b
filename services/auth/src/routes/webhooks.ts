import {
  responds,
  webhookCreateBody,
  webhookDeliveriesQuery,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookUpdateBody,
  type WebhookCreateBody,
  type WebhookEndpoint,
  type WebhookUpdateBody,
} from '@esim/contracts';
import { bearerToken, describeAudit, fieldError, idempotentRequest, ok, recordOwnWrite } from '@esim/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dealerById, keyIdOfToken, keyRouteForbidden } from '../api-keys/api-keys';
import type { AuthApp, AuthContext } from '../context';
import { idParams } from '../schemas';
import {
  assertWebhookDealer,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  newWebhookSecret,
  ownDelivery,
  ownEndpoint,
  publicDelivery,
  publicEndpoint,
  queueTest,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/endpoints';
import { urlRefusal } from '../webhooks/url-rules';

const endpointParams = z.object({ id: idParams.shape.id });
const dealerEndpointParams = z.object({ id: idParams.shape.id, webhookId: idParams.shape.id });
const dealerDeliveryParams = z.object({ id: idParams.shape.id, deliveryId: idParams.shape.id });
const endpointList = z.array(webhookEndpointSchema);
const deliveryList = z.array(webhookDeliverySchema);

/**
 * A dealer's webhooks: its own (/user/webhooks, /user/webhook-deliveries) and an admin's for a dealer
 * (/admin/dealers/:id/webhooks, /admin/dealers/:id/webhook-deliveries). A request made with an API
 * key may read them, never change them (the gateway refuses it too).
 */
export function webhookRoutes(app: AuthApp, ctx: AuthContext): void {
  const production = ctx.config.APP_MODE === 'production';

  /** The caller's own dealer id; `write` refuses a request made with an API key. */
  const ownDealer = (request: FastifyRequest, write: boolean): string => {
    if (write && keyIdOfToken(bearerToken(request))) throw keyRouteForbidden();
    assertWebhookDealer(request.user!.userType);
    return request.user!.id;
  };

  /** Production's URL rules (https, a public address), checked before any transaction: it may resolve a name. */
  const checkUrl = async (request: FastifyRequest, url: string | undefined) => {
    if (url === undefined) return;
    const refusal = await urlRefusal(url, { production });
    if (refusal) throw fieldError(400, refusal, 'url', request.locale);
  };

  /**
   * The platform's audit hook records admin writes only; a dealer's own webhook changes are
   * recorded here in the same shape, so an endpoint's whole history reads from one log.
   */
  const audit = async (request: FastifyRequest, status: number, endpoint: WebhookEndpoint, detail: string) => {
    const subject = { targetId: endpoint.id, targetName: endpoint.url.slice(0, 300), detail };
    if (request.user!.role === 'user') await recordOwnWrite(app, request, status, subject);
    else describeAudit(request, subject);
  };

  const create = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, body: WebhookCreateBody) => {
    await checkUrl(request, body.url);
    let secret: string | null = null;
    const result = await idempotentRequest<WebhookEndpoint>(
      app.db,
      request,
      reply,
      { scope: `webhooks:${dealerId}` },
      async (trx) => {
        secret = newWebhookSecret();
        const row = await createEndpoint(trx, { dealerId, body, createdBy: request.user!.id, secret });
        // The stored answer (for a replay) never holds the secret.
        return { statusCode: 201, body: publicEndpoint(row) };
      },
    );
    const endpoint = result.body;
    if (!result.replayed) await audit(request, 201, endpoint, endpoint.events.join(' '));
    return ok(
      reply,
      { ...endpoint, secret: result.replayed ? null : secret },
      result.replayed ? 'webhook_replayed' : 'webhook_created',
      result.statusCode,
    );
  };

  const update = async (
    request: FastifyRequest,
    reply: FastifyReply,
    dealerId: string,
    id: string,
    body: WebhookUpdateBody,
  ) => {
    await checkUrl(request, body.url);
    const endpoint = publicEndpoint(await updateEndpoint(app.db, dealerId, id, body));
    await audit(request, 200, endpoint, `${endpoint.active ? 'active' : 'paused'} ${endpoint.events.join(' ')}`);
    return ok(reply, endpoint, 'webhook_updated');
  };

  const remove = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, id: string) => {
    const endpoint = publicEndpoint(await deleteEndpoint(app.db, dealerId, id));
    await audit(request, 200, endpoint, 'deleted');
    return ok(reply, endpoint, 'webhook_deleted');
  };

  const rotate = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, id: string) => {
    const secret = newWebhookSecret();
    const endpoint = publicEndpoint(await rotateSecret(app.db, dealerId, id, secret));
    await audit(request, 200, endpoint, `secret ${endpoint.secret_prefix}`);
    return ok(reply, { ...endpoint, secret }, 'webhook_secret_rotated');
  };

  const test = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, id: string) => {
    const row = await ownEndpoint(app.db, dealerId, id);
    const delivery = publicDelivery(await queueTest(app.db, row));
    await audit(request, 202, publicEndpoint(row), `test ${delivery.event_id}`);
    return ok(reply, delivery, 'webhook_test_queued', 202);
  };

  const deliveries = async (
    reply: FastifyReply,
    dealerId: string,
    id: string,
    query: z.output<typeof webhookDeliveriesQuery>,
  ) => {
    const endpoint = await ownEndpoint(app.db, dealerId, id);
    return ok(reply, await listDeliveries(app.db, endpoint.id, query), 'webhook_deliveries_listed');
  };

  const resend = async (request: FastifyRequest, reply: FastifyReply, dealerId: string, id: string) => {
    const delivery = await ownDelivery(app.db, dealerId, id);
    const endpoint = await ownEndpoint(app.db, dealerId, delivery.endpoint_id);
    const again = publicDelivery(await resendDelivery(app.db, delivery));
    await audit(request, 202, publicEndpoint(endpoint), `resend ${again.event_type} ${again.event_id}`);
    return ok(reply, again, 'webhook_resend_queued', 202);
  };

  const tags = ['webhooks'];

  // ── the dealer's own ──
  app.get(
    '/user/webhooks',
    {
      schema: { tags, summary: "The caller's webhook endpoints (dealers only)", response: responds(200, endpointList) },
    },
    async (request, reply) => ok(reply, await listEndpoints(app.db, ownDealer(request, false)), 'webhooks_listed'),
  );
  app.post(
    '/user/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint; the answer shows its signing secret once (Idempotency-Key honoured)',
        body: webhookCreateBody,
        response: responds(201, webhookEndpointWithSecretSchema),
      },
    },
    async (request, reply) => create(request, reply, ownDealer(request, true), request.body),
  );
  app.patch(
    '/user/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change a webhook endpoint (address, events, description, active)',
        params: endpointParams,
        body: webhookUpdateBody,
        response: responds(200, webhookEndpointSchema),
      },
    },
    async (request, reply) => update(request, reply, ownDealer(request, true), request.params.id, request.body),
  );
  app.delete(
    '/user/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: endpointParams,
        response: responds(200, webhookEndpointSchema),
      },
    },
    async (request, reply) => remove(request, reply, ownDealer(request, true), request.params.id),
  );
  app.post(
    '/user/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the previous one signs a second v1 for 24 hours',
        params: endpointParams,
        response: responds(200, webhookEndpointWithSecretSchema),
      },
    },
    async (request, reply) => rotate(request, reply, ownDealer(request, true), request.params.id),
  );
  app.post(
    '/user/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a signed `test` event to the endpoint (queued; its tries show in the log)',
        params: endpointParams,
        response: responds(202, webhookDeliverySchema),
      },
    },
    async (request, reply) => test(request, reply, ownDealer(request, true), request.params.id),
  );
  app.get(
    '/user/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first, each with its tries",
        params: endpointParams,
        querystring: webhookDeliveriesQuery,
        response: responds(200, deliveryList),
      },
    },
    async (request, reply) => deliveries(reply, ownDealer(request, false), request.params.id, request.query),
  );
  app.post(
    '/user/webhook-deliveries/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a delivery again (the same event id), retried for another 24 hours',
        params: endpointParams,
        response: responds(202, webhookDeliverySchema),
      },
    },
    async (request, reply) => resend(request, reply, ownDealer(request, true), request.params.id),
  );

  // ── an admin for a dealer ──
  const dealerOf = async (id: string) => (await dealerById(app.db, id)).id;
  app.get(
    '/admin/dealers/:id/webhooks',
    {
      schema: {
        tags,
        summary: "A dealer's webhook endpoints",
        params: endpointParams,
        response: responds(200, endpointList),
      },
    },
    async (request, reply) =>
      ok(reply, await listEndpoints(app.db, await dealerOf(request.params.id)), 'webhooks_listed'),
  );
  app.post(
    '/admin/dealers/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint for a dealer; the answer shows its signing secret once',
        params: endpointParams,
        body: webhookCreateBody,
        response: responds(201, webhookEndpointWithSecretSchema),
      },
    },
    async (request, reply) => create(request, reply, await dealerOf(request.params.id), request.body),
  );
  app.patch(
    '/admin/dealers/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: "Change a dealer's webhook endpoint",
        params: dealerEndpointParams,
        body: webhookUpdateBody,
        response: responds(200, webhookEndpointSchema),
      },
    },
    async (request, reply) =>
      update(request, reply, await dealerOf(request.params.id), request.params.webhookId, request.body),
  );
  app.delete(
    '/admin/dealers/:id/webhooks/:webhookId',
    {
      schema: {
        tags,
        summary: "Delete a dealer's webhook endpoint and its delivery log",
        params: dealerEndpointParams,
        response: responds(200, webhookEndpointSchema),
      },
    },
    async (request, reply) => remove(request, reply, await dealerOf(request.params.id), request.params.webhookId),
  );
  app.post(
    '/admin/dealers/:id/webhooks/:webhookId/rotate-secret',
    {
      schema: {
        tags,
        summary: "A new signing secret for a dealer's endpoint, shown once",
        params: dealerEndpointParams,
        response: responds(200, webhookEndpointWithSecretSchema),
      },
    },
    async (request, reply) => rotate(request, reply, await dealerOf(request.params.id), request.params.webhookId),
  );
  app.post(
    '/admin/dealers/:id/webhooks/:webhookId/test',
    {
      schema: {
        tags,
        summary: "Send a signed `test` event to a dealer's endpoint",
        params: dealerEndpointParams,
        response: responds(202, webhookDeliverySchema),
      },
    },
    async (request, reply) => test(request, reply, await dealerOf(request.params.id), request.params.webhookId),
  );
  app.get(
    '/admin/dealers/:id/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        summary: "A dealer's endpoint's delivery log, newest first, each with its tries",
        params: dealerEndpointParams,
        querystring: webhookDeliveriesQuery,
        response: responds(200, deliveryList),
      },
    },
    async (request, reply) =>
      deliveries(reply, await dealerOf(request.params.id), request.params.webhookId, request.query),
  );
  app.post(
    '/admin/dealers/:id/webhook-deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: "Send a dealer's delivery again (the same event id)",
        params: dealerDeliveryParams,
        response: responds(202, webhookDeliverySchema),
      },
    },
    async (request, reply) => resend(request, reply, await dealerOf(request.params.id), request.params.deliveryId),
  );
}
