import {
  USER_TYPE,
  cardSchema,
  listSchema,
  physicalOrderSchema,
  physicalReturnSchema,
  plusPackageSchema,
  successSchema,
} from '@esim/contracts';
import {
  forbidden,
  idempotentRequest,
  lookUpIdempotentRequest,
  ok,
  okList,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import type { FastifyRequest } from 'fastify';
import type { PhysicalSimContext } from '../context';
import { adminStockByPackage } from '../cards/counts';
import { availableByPackage, dealerCardsPage } from '../cards/dealer-cards';
import { cardsOf } from '../cards/views';
import { dealerOrdersPage, dealerReturnsPage } from '../orders/dealer-lists';
import { availableCount, orderIdFor, orderView } from '../orders/orders';
import { recordPlacedOrder, reserveAndHold } from '../orders/placing';
import { requestReturn, returnView } from '../returns/returns';
import { plusPackagePage } from '../packages/plus-list';
import {
  approvalListQuery,
  availableQuery,
  availableSchema,
  idempotencyHeaders,
  myCardsQuery,
  orderBody,
  plusPackagesQuery,
  returnBody,
} from '../schemas';

/**
 * Plus packages are sold to dealers only: a retail customer (a `user` without the dealer account
 * type) may not list them to buy, order them or return cards, and is refused before anything is read
 * or written. Their own card, order and return lists stay readable (they are empty for them).
 */
async function dealersOnly(request: FastifyRequest): Promise<void> {
  if (request.user?.userType !== USER_TYPE.dealer) throw forbidden('plus_dealers_only');
}

/** The idempotency scope of order placement (scoped to the caller by the platform). */
const ORDER_SCOPE = 'physical-sim:order';

/**
 * The buyer's side (role user; buying and returning for dealers only, see `dealersOnly`): Plus
 * packages at their price, available counts, placing orders, their own cards, orders and returns.
 * Every query is scoped to the caller: another dealer's cards and orders are never visible.
 */
export function userRoutes(app: CreatedServiceApp, ctx: PhysicalSimContext): void {
  app.get(
    '/user/physical-sim/packages',
    {
      onRequest: dealersOnly,
      schema: { response: { 200: listSchema(plusPackageSchema) }, tags: ['user'], querystring: plusPackagesQuery },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const packages = await ctx.catalog.plusPackages(request.user!.id, request.locale, request.id);
      const available = await adminStockByPackage(app.db);
      const all = packages.map((p) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        data_mb: p.data_mb,
        validity_days: p.duration,
        countries: p.countries,
        price: p.price,
        price_cents: Math.round(p.price * 100),
        retail_price: p.retail_price,
        retail_price_cents: Math.round(p.retail_price * 100),
        price_source: p.price_source,
        available: available.get(p.id) ?? 0,
      }));
      const { rows, total } = plusPackagePage(all, query);
      return okList(reply, rows, total, query, 'packages');
    },
  );

  app.get(
    '/user/physical-sim/available',
    {
      onRequest: dealersOnly,
      schema: { tags: ['user'], querystring: availableQuery, response: { 200: successSchema(availableSchema) } },
    },
    async (request, reply) => {
      if (request.query.package_id)
        return ok(reply, {
          package_id: request.query.package_id,
          available: await availableCount(app.db, request.query.package_id),
        });
      return ok(reply, await availableByPackage(app.db));
    },
  );

  app.get(
    '/user/physical-sim/my-cards',
    { schema: { response: { 200: listSchema(cardSchema) }, tags: ['user'], querystring: myCardsQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { cards, total } = await dealerCardsPage(app.db, request.user!.id, query);
      return okList(reply, cards, total, query, 'cards');
    },
  );

  app.post(
    '/user/physical-sim/order',
    {
      onRequest: dealersOnly,
      schema: {
        response: { 201: successSchema(physicalOrderSchema) },
        tags: ['user'],
        body: orderBody.meta({
          example: { package_id: '5e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', quantity: 10, note: 'Mağaza stoğu' },
        }),
        headers: idempotencyHeaders,
      },
    },
    async (request, reply) => {
      // Replayed before any call; otherwise reserved, held and recorded with no transaction open across the balance service's call.
      const { scopedKey, replay } = await lookUpIdempotentRequest<ReturnType<typeof orderView>>(
        app.db,
        request,
        reply,
        { scope: ORDER_SCOPE },
      );
      if (replay) return ok(reply, replay.body, 'order_placed', replay.statusCode);
      const reserved = await reserveAndHold(app.db, ctx, {
        orderId: orderIdFor(scopedKey),
        userId: request.user!.id,
        packageId: request.body.package_id,
        quantity: request.body.quantity,
        note: request.body.note ?? null,
        requestId: request.id,
      });
      const result = await idempotentRequest(
        app.db,
        request,
        reply,
        { scope: ORDER_SCOPE, required: true },
        async (trx) => ({
          statusCode: 201,
          body: orderView(await recordPlacedOrder(trx, reserved), { locale: request.locale }),
        }),
      );
      return ok(reply, result.body, 'order_placed', result.statusCode);
    },
  );

  app.get(
    '/user/physical-sim/orders',
    { schema: { response: { 200: listSchema(physicalOrderSchema) }, tags: ['user'], querystring: approvalListQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { orders, total } = await dealerOrdersPage(app.db, request.user!.id, query, request.locale);
      return okList(reply, orders, total, query, 'orders');
    },
  );

  app.post(
    '/user/physical-sim/return',
    {
      onRequest: dealersOnly,
      schema: { response: { 201: successSchema(physicalReturnSchema) }, tags: ['user'], body: returnBody },
    },
    async (request, reply) => {
      // A return leads to a refund: with an Idempotency-Key a retried request answers the first one's result.
      const result = await idempotentRequest(app.db, request, reply, { scope: 'physical-sim:return' }, async (trx) => {
        const row = await requestReturn(trx, {
          userId: request.user!.id,
          cardIds: request.body.card_ids,
          reason: request.body.reason,
        });
        return { statusCode: 201, body: returnView(row, await cardsOf(trx, 'return_cards', 'return_id', row.id)) };
      });
      return ok(
        reply,
        result.body,
        result.body.status === 'approved' ? 'return_auto_approved' : 'return_placed',
        result.statusCode,
      );
    },
  );

  app.get(
    '/user/physical-sim/returns',
    { schema: { response: { 200: listSchema(physicalReturnSchema) }, tags: ['user'], querystring: approvalListQuery } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { returns, total } = await dealerReturnsPage(app.db, request.user!.id, query);
      return okList(reply, returns, total, query, 'returns');
    },
  );
}
