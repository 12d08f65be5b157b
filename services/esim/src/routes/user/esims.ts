import { z } from 'zod';
import {
  AppError,
  describeAudit,
  listQuery,
  markReplayed,
  notFound,
  ok,
  okList,
  requestKeyOf,
  toListQuery,
  type CreatedServiceApp,
} from '@esim/platform';
import {
  buyPackageBody,
  centsToEuros,
  setOrderCustomerBody,
  fileResponse,
  ESIM_ORDER_STATUSES,
  statusFilter,
  esimBuyDryRunSchema,
  esimOrderSchema,
  esimOrderSummarySchema,
  esimProfileSchema,
  esimSummarySchema,
  ESIM_LIST_STATES,
  esimRefundPreviewSchema,
  esimRefundSchema,
  REFUND_POLICY,
  translate,
  esimStatusBody,
  esimUsageSchema,
  responds,
  respondsList,
} from '@esim/contracts';
import { refuseSalesUntilOpen } from '../../orders/open-for-sales';
import { callerOf } from '../../caller';
import type { EsimContext } from '../../context';
import { agreementOf } from '../../orders/agreements';
import { dryRunBuy } from '../../orders/dry-run';
import { buy, purchaseOutcome, refuseCustomerUnlessDealer } from '../../orders/purchase';
import { setOrderCustomer } from '../../orders/customer';
import { sandboxBuy } from '../../orders/sandbox';
import { ESIM_REF, findOrder, findProfile, listEsims, listOrders, ORDER_REF, profilesOf } from '../../orders/queries';
import { planTitle } from '../../orders/plan-title';
import { loadOrder } from '../../orders/saga';
import { iccidOfQrFileName, markQrIssued, qrPng } from '../../profiles/qr';
import { qrZip } from '../../profiles/qr-zip';
import { refundEsim, refundSplit, refusalFor } from '../../profiles/refunds';
import { changeStatus, isWithdrawn } from '../../profiles/status';
import { withSupplierUsage } from '../../profiles/supplier-usage';
import { orderExample, refundExample, usageExample } from './examples';
import { activationCode, esimView, fullOrderView, isoOrNull, orderView, usageView } from '../../profiles/views';
import { topUpTargets } from '../../top-ups/views';

// The contract's body, with the catalog's id format checked here so a bad id is a 400 naming the field.
const buyBody = buyPackageBody
  .extend({
    package_id: z.uuid(),
    dry_run: z.boolean().optional().meta({
      description:
        'true: price and check the order (on sale, stock, balance and credit) without placing, holding or writing anything; no Idempotency-Key needed',
    }),
  })
  .meta({ example: { package_id: '7d5a3c4e-2b1f-4e8a-9c6d-1a2b3c4d5e6f', quantity: 2 } });
const orderWithExample = esimOrderSchema.meta({ example: orderExample });
const orderParams = z.object({ id: z.string().trim().regex(ORDER_REF, { message: 'esim_ref_invalid' }) });
const esimParams = z.object({ id: z.string().trim().regex(ESIM_REF, { message: 'esim_ref_invalid' }) });
const qrParams = z.object({ fileName: z.string().max(200) });
const refundBody = z.object({ reason: z.string().trim().min(3).max(500).optional() }).optional();
const usageQuery = z.object({
  // false: the eSIM's figures only, without the usage reports that brought it there.
  includeUsed: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
const ordersQuery = listQuery({
  status: statusFilter(ESIM_ORDER_STATUSES),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { message: 'esim_country_invalid' }),
  // Admin only: one customer's orders (others always see only their own).
  user_id: z.string().trim().max(100),
  // Admin only: orders whose buyer's name or e-mail contains the text.
  buyer: z.string().trim().min(1).max(100),
  // A dealer's orders for one end customer (name or e-mail contains the text).
  customer: z.string().trim().min(1).max(100),
});
// The home lists a traveller's few eSIMs whole: there is nothing to search, so q/search are refused rather than ignored.
const esimsQuery = listQuery({ state: z.enum(ESIM_LIST_STATES) }, { search: false });

/** The customer's eSIM routes: buy, orders, QR codes, status, usage, refund. */
export function esimRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.post(
    '/user/packages/buy',
    {
      schema: {
        tags: ['esim'],
        summary: 'Buy an eSIM package (Idempotency-Key required), or price and check it with dry_run',
        description:
          "Places the order at the caller's own price: 201 with the completed order and its eSIMs, 202 while a supplier prepares them. " +
          'A replay with the same Idempotency-Key answers the same order. With `"dry_run": true` it answers 200 with the price, ' +
          'whether the order would go through now and why not (`reasons`), and places, holds and writes nothing.',
        body: buyBody,
        response: {
          ...responds(200, esimBuyDryRunSchema),
          ...responds(201, orderWithExample),
          ...responds(202, esimOrderSchema),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      refuseCustomerUnlessDealer(caller.user, request.body.customer);
      if (request.body.dry_run) {
        const quoted = await dryRunBuy(app.db, ctx, caller, {
          packageId: request.body.package_id,
          quantity: request.body.quantity,
        });
        return ok(reply, quoted, 'esim_buy_dry_run');
      }
      const requestKey = requestKeyOf(request);
      // A sandbox key's token never reaches the saga: demo profiles, nothing held, charged or published.
      const bought = request.user!.sandbox
        ? await sandboxBuy(app.db, ctx, caller, {
            requestKey,
            packageId: request.body.package_id,
            quantity: request.body.quantity,
            customer: request.body.customer,
          })
        : undefined;
      if (!bought) await refuseSalesUntilOpen(ctx, caller.requestId);
      const { order, profiles, replayed } =
        bought ??
        (await buy(app.db, ctx, caller, {
          requestKey,
          packageId: request.body.package_id,
          quantity: request.body.quantity,
          agreement: request.body.agreement,
          cardPaymentId: request.body.card_payment_id,
          customer: request.body.customer,
        }));
      if (replayed) markReplayed(reply);
      const outcome = purchaseOutcome(order);
      const agreement =
        request.body.agreement || request.body.card_payment_id ? await agreementOf(app.db, order.id) : undefined;
      return ok(
        reply,
        fullOrderView(order, request.locale, profiles ?? (await profilesOf(app.db, order.id)), agreement),
        outcome.code,
        outcome.status,
      );
    },
  );

  app.get(
    '/user/esim/orders',
    { schema: { tags: ['esim'], querystring: ordersQuery, response: respondsList(esimOrderSummarySchema) } },
    async (request, reply) => {
      const query = toListQuery(request.query);
      // The balance service keeps people's names; this service keeps only their ids.
      const buyerIds =
        query.filters.buyer && request.user!.role === 'admin'
          ? await ctx.balance.request<string[]>(
              'GET',
              `/internal/accounts/search?${new URLSearchParams({ q: query.filters.buyer })}`,
              { requestId: String(request.id) },
            )
          : undefined;
      const { total, rows } = await listOrders(app.db, request.user!, {
        ...query,
        status: query.filters.status,
        country: query.filters.country,
        userId: query.filters.user_id,
        userIds: buyerIds,
        customer: query.filters.customer,
      });
      return okList(
        reply,
        rows.map(({ order, counts }) => orderView(order, request.locale, counts)),
        total,
        query,
        'orders',
      );
    },
  );

  // The customer's home: their eSIMs ready to install and in use, each with its plan and state.
  app.get(
    '/user/esims',
    {
      schema: {
        tags: ['esim'],
        summary: "The caller's eSIMs, newest first (state=current: ready to install or in use)",
        querystring: esimsQuery,
        response: respondsList(esimSummarySchema),
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const { total, rows } = await listEsims(app.db, request.user!, {
        ...query,
        current: query.filters.state === 'current',
      });
      return okList(
        reply,
        rows.map((row) => ({
          id: row.id,
          order_id: row.order_id!,
          order_number: row.order_number,
          iccid: row.iccid,
          status: row.status ?? ('inactive' as const),
          title: planTitle(row, request.locale),
          usage: usageView(row),
          usage_updated_at: isoOrNull(row.usage_updated_at ?? null),
          activated_at: isoOrNull(row.activated_at),
          expires_at: isoOrNull(row.expires_at),
          created_at: new Date(row.bought_at).toISOString(),
        })),
        total,
        query,
        'esims',
      );
    },
  );

  app.get(
    '/user/esim/orders/:id',
    { schema: { tags: ['esim'], params: orderParams, response: responds(200, orderWithExample) } },
    async (request, reply) => {
      const order = await findOrder(app.db, request.user!, request.params.id);
      const [profiles, agreement, targets] = await Promise.all([
        profilesOf(app.db, order.id),
        agreementOf(app.db, order.id),
        topUpTargets(app.db, [order]),
      ]);
      return ok(reply, fullOrderView(order, request.locale, profiles, agreement, targets.get(order.id) ?? null));
    },
  );

  app.patch(
    '/user/esim/orders/:id/customer',
    {
      schema: {
        tags: ['esim'],
        summary: "Set, change or (null) remove the end customer of a dealer's own order",
        params: orderParams,
        body: setOrderCustomerBody,
        response: responds(200, esimOrderSummarySchema),
      },
    },
    async (request, reply) => {
      const order = await setOrderCustomer(app.db, request.user!, request.params.id, request.body.customer);
      describeAudit(request, { targetId: order.id, targetName: order.order_number });
      const [profiles, targets] = await Promise.all([profilesOf(app.db, order.id), topUpTargets(app.db, [order])]);
      const counts = {
        esims: profiles.length,
        refunded: profiles.filter((p) => p.refunded_at).length,
        operator: profiles.map((p) => p.operator).find(Boolean) ?? null,
        topUpOf: targets.get(order.id) ?? null,
      };
      return ok(reply, orderView(order, request.locale, counts), 'esim_customer_updated');
    },
  );

  const qrItem = z.object({ esim_id: z.uuid(), iccid: z.string(), file_name: z.string(), qr_url: z.string() });
  app.post(
    '/user/esim/orders/:id/qr-codes',
    { schema: { tags: ['esim'], params: orderParams, response: responds(200, z.array(qrItem)) } },
    async (request, reply) => {
      const order = await findOrder(app.db, request.user!, request.params.id);
      // A withdrawn eSIM has no code to draw.
      const profiles = (await profilesOf(app.db, order.id)).filter((p) => !isWithdrawn(p));
      await Promise.all(profiles.map((p) => qrPng(activationCode(p))));
      await markQrIssued(app.db, profiles);
      const view = fullOrderView(order, request.locale, profiles).esims;
      return ok(
        reply,
        view.map((e) => ({ esim_id: e.id, iccid: e.iccid, file_name: `${e.iccid}.png`, qr_url: e.qr_url! })),
        'esim_qr_codes_generated',
      );
    },
  );

  app.get(
    '/user/esim/qr/:fileName',
    {
      schema: {
        tags: ['esim'],
        summary: 'QR png of one eSIM (<ICCID>.png)',
        params: qrParams,
        response: { 200: fileResponse('image/png', 'The QR code (PNG)') },
      },
    },
    async (request, reply) => {
      const iccid = iccidOfQrFileName(request.params.fileName);
      const profile = await findProfile(app.db, request.user!, iccid);
      if (isWithdrawn(profile)) throw new AppError(410, 'esim_qr_gone');
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `inline; filename="${iccid}.png"`);
      return reply.type('image/png').send(await qrPng(activationCode(profile)));
    },
  );

  // A bulk order's codes in one download; only its buyer gets them (an admin's view of an order shows no codes in bulk).
  app.get(
    '/user/esim/orders/:id/qr.zip',
    {
      schema: {
        tags: ['esim'],
        summary:
          "Every QR of the caller's order in one zip: <ICCID>.png per eSIM and esims.csv (ICCID, LPA, activation code)",
        params: orderParams,
        response: { 200: fileResponse('application/zip', 'The zip: a QR png per eSIM and esims.csv') },
      },
    },
    async (request, reply) => {
      const order = await findOrder(app.db, request.user!, request.params.id);
      if (order.user_id !== request.user!.id) throw notFound('esim_order_not_found');
      // A withdrawn eSIM has no code to give.
      const profiles = (await profilesOf(app.db, order.id)).filter((p) => !isWithdrawn(p));
      if (profiles.length === 0) throw new AppError(409, 'esim_qr_zip_empty');
      const file = await qrZip(profiles, new Date());
      await markQrIssued(app.db, profiles);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="esim-${order.order_number}-qr.zip"`);
      return reply.type('application/zip').send(file);
    },
  );

  app.put(
    '/user/esim/:id/status',
    {
      schema: { tags: ['esim'], params: esimParams, body: esimStatusBody, response: responds(200, esimProfileSchema) },
    },
    async (request, reply) => {
      const profile = await changeStatus(app.db, ctx.provider, request.user!, request.params.id, request.body.status);
      const order = (await loadOrder(app.db, profile.order_id!))!;
      return ok(reply, esimView(profile, order), 'esim_status_updated');
    },
  );

  app.get(
    '/user/esim/:id/usage',
    {
      schema: {
        tags: ['esim'],
        params: esimParams,
        querystring: usageQuery,
        response: responds(200, esimUsageSchema.meta({ example: usageExample })),
      },
    },
    async (request, reply) => {
      const found = await findProfile(app.db, request.user!, request.params.id);
      const profile = await withSupplierUsage(app.db, ctx.suppliers, found, request.log);
      const order = (await loadOrder(app.db, profile.order_id!))!;
      const records = request.query.includeUsed
        ? await app
            .db('usage_events')
            .where({ iccid: profile.iccid })
            .orderBy('recorded_at', 'desc')
            .orderBy('received_at', 'desc')
            .limit(request.query.limit)
        : [];
      const total = profile.data_total_bytes === null ? 0 : Number(profile.data_total_bytes);
      return ok(reply, {
        esim: esimView(profile, order),
        records: records.map(
          (r: { event_id: string; used_bytes: string; recorded_at: Date; source: 'webhook' | 'file' | 'provider' }) => {
            const used = total ? Math.min(Number(r.used_bytes), total) : Number(r.used_bytes);
            return {
              id: r.event_id,
              esim_id: profile.id,
              used_bytes: used,
              remaining_bytes: Math.max(0, total - used),
              recorded_at: new Date(r.recorded_at).toISOString(),
              source: r.source,
            };
          },
        ),
      });
    },
  );

  // Before the buyer confirms: may they, and where would each part of the money go.
  app.get(
    '/user/esim/:id/refund',
    { schema: { tags: ['esim'], params: esimParams, response: responds(200, esimRefundPreviewSchema) } },
    async (request, reply) => {
      const profile = await findProfile(app.db, request.user!, request.params.id);
      const order = (await loadOrder(app.db, profile.order_id!))!;
      const refusal = refusalFor(request.user!, profile, order);
      const split = await refundSplit(app.db, order);
      return ok(reply, {
        esim_id: profile.id,
        refundable: refusal === null,
        refusal: refusal ? translate(refusal, request.locale, { days: REFUND_POLICY.esimUnusedRefundDays }) : null,
        refusal_code: refusal,
        ...euros('amount', split.amountCents),
        ...euros('to_card', split.cardCents),
        ...euros('to_balance', split.amountCents - split.cardCents),
        card_payment_reference: split.cardReference,
      });
    },
  );

  app.post(
    '/user/esim/:id/refund',
    {
      schema: {
        tags: ['esim'],
        params: esimParams,
        body: refundBody,
        response: responds(200, esimRefundSchema.meta({ example: refundExample })),
      },
    },
    async (request, reply) => {
      const refund = await refundEsim(app.db, ctx, request.user!, request.params.id, {
        reason: request.body?.reason,
        locale: request.locale,
      });
      const amount = Number(refund.amount_cents);
      const toCard = Number(refund.card_cents);
      return ok(
        reply,
        {
          esim_id: refund.profile_id,
          order_id: refund.order_id,
          ...euros('refunded', amount),
          ...euros('to_card', toCard),
          ...euros('to_balance', amount - toCard),
          status: refund.step === 'done' ? ('refunded' as const) : ('processing' as const),
        },
        'esim_refunded',
      );
    },
  );
}

/** A money field pair as the contracts write them: euros and cents. */
function euros<K extends string>(name: K, cents: number) {
  return { [name]: centsToEuros(cents), [`${name}_cents`]: cents } as Record<K | `${K}_cents`, number>;
}
