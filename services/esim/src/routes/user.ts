import { z } from 'zod';
import { AppError, listQuery, notFound, ok, okList, toListQuery, type CreatedServiceApp } from '@esim/platform';
import { centsToEuros } from '@esim/contracts';
import { esimSchema, orderSchema, refundSchema, responds, respondsList, usageSchema } from '../api';
import type { EsimContext } from '../context';
import { buy, purchaseOutcome } from '../orders/purchase';
import { ESIM_REF, findOrder, findProfile, listOrders, ORDER_REF, profilesOf } from '../orders/queries';
import { loadOrder } from '../orders/saga';
import { iccidOfQrFileName, qrPng } from '../profiles/qr';
import { refundEsim } from '../profiles/refunds';
import { changeStatus, REQUESTED_STATUSES } from '../profiles/status';
import { activationCode, esimView, orderView, usageView, type ProfileRow } from '../profiles/views';

const buyBody = z.object({
  package_id: z.uuid(),
  quantity: z.coerce.number().int().min(1).max(50).default(1),
});
const orderParams = z.object({ id: z.string().trim().regex(ORDER_REF, { message: 'esim_ref_invalid' }) });
const esimParams = z.object({ id: z.string().trim().regex(ESIM_REF, { message: 'esim_ref_invalid' }) });
const esimOrOrderParams = z.object({ id: z.string().trim().regex(new RegExp(`${ESIM_REF.source}|${ORDER_REF.source}`, 'i'), { message: 'esim_ref_invalid' }) });
const qrParams = z.object({ fileName: z.string().max(200) });
const statusBody = z.object({ status: z.enum(REQUESTED_STATUSES) });
const refundBody = z.object({ reason: z.string().trim().min(3).max(500).optional() }).optional();
const usageQuery = z.object({
  includeUsed: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
const ordersQuery = listQuery({
  country: z.string().trim().regex(/^[A-Za-z]{2}$/, { message: 'esim_country_invalid' }).optional(),
  user_id: z.string().trim().max(100).optional(),
});
const ORDER_STATUS_FILTER = z.enum(['processing', 'completed', 'failed']).optional();

/** The customer's eSIM routes (spec section 7): buy, orders, QR codes, status, usage, refund. */
export function userRoutes(app: CreatedServiceApp, ctx: EsimContext): void {
  app.post(
    '/user/packages/buy',
    { schema: { tags: ['esim'], summary: 'Buy an eSIM package (Idempotency-Key required)', body: buyBody, response: { ...responds(201, orderSchema), ...responds(202, orderSchema) } } },
    async (request, reply) => {
      const order = await buy(app.db, ctx, request, reply, { packageId: request.body.package_id, quantity: request.body.quantity });
      const outcome = purchaseOutcome(order);
      const profiles = await profilesOf(app.db, order.id);
      return ok(reply, orderView(order, request.locale, profiles), outcome.code, outcome.status);
    },
  );

  app.get('/user/esim/orders', { schema: { tags: ['esim'], querystring: ordersQuery, response: respondsList(orderSchema) } }, async (request, reply) => {
    const query = toListQuery(request.query);
    const filters = request.query as { country?: string; user_id?: string };
    const filterCountry = typeof query.filter.country === 'string' ? query.filter.country : undefined;
    const status = ORDER_STATUS_FILTER.safeParse(query.status);
    const statusFilter = status.success ? status.data : undefined;
    if (query.status && !status.success) {
      throw new AppError(400, 'validation_error', { errors: [{ path: 'status', message: 'processing | completed | failed' }] });
    }
    const { total, rows } = await listOrders(app.db, request.user!, {
      ...query,
      status: statusFilter,
      country: filters.country ?? filterCountry,
      userId: filters.user_id ?? (typeof query.filter.user_id === 'string' ? query.filter.user_id : undefined),
    });
    return okList(reply, rows.map(({ order, esimCount }) => orderView(order, request.locale, undefined, esimCount)), total, query, 'orders');
  });

  app.get('/user/esim/orders/:id', { schema: { tags: ['esim'], params: orderParams, response: responds(200, orderSchema) } }, async (request, reply) => {
    const order = await findOrder(app.db, request.user!, request.params.id);
    return ok(reply, orderView(order, request.locale, await profilesOf(app.db, order.id)));
  });

  const qrItem = z.object({ esim_id: z.uuid(), iccid: z.string(), file_name: z.string(), qr_url: z.string() });
  app.post('/user/esim/orders/:id/qr-codes', { schema: { tags: ['esim'], params: orderParams, response: responds(200, z.array(qrItem)) } }, async (request, reply) => {
    const order = await findOrder(app.db, request.user!, request.params.id);
    const profiles = await profilesOf(app.db, order.id);
    // The pngs are drawn from the activation code on request (never stored: they are secrets); this records that they were issued.
    await Promise.all(profiles.map((p) => qrPng(activationCode(p))));
    await app.db('profiles').where({ order_id: order.id }).whereNull('qr_generated_at').update({ qr_generated_at: app.db.fn.now() });
    const view = orderView(order, request.locale, profiles).esims ?? [];
    return ok(reply, view.map((e) => ({ esim_id: e.id, iccid: e.iccid, file_name: e.qr_file_name, qr_url: e.qr_url })), 'esim_qr_codes_generated');
  });

  app.get('/user/esim/qr/:fileName', { schema: { tags: ['esim'], summary: 'QR png of one eSIM (<ICCID>.png)', params: qrParams } }, async (request, reply) => {
    const iccid = iccidOfQrFileName(request.params.fileName);
    const profile = await findProfile(app.db, request.user!, iccid);
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `inline; filename="${iccid}.png"`);
    return reply.type('image/png').send(await qrPng(activationCode(profile)));
  });

  app.put('/user/esim/:id/status', { schema: { tags: ['esim'], params: esimParams, body: statusBody, response: responds(200, esimSchema) } }, async (request, reply) => {
    const profile = await changeStatus(app.db, ctx.provider, request.user!, request.params.id, request.body.status);
    const order = (await loadOrder(app.db, profile.order_id!))!;
    return ok(reply, esimView(profile, order), 'esim_status_updated');
  });

  const usageItem = usageSchema.extend({ esim_id: z.uuid(), iccid: z.string(), order_id: z.uuid(), order_number: z.string() });
  app.get('/user/esim/:id/usage', { schema: { tags: ['esim'], params: esimOrOrderParams, querystring: usageQuery, response: responds(200, z.array(usageItem)) } }, async (request, reply) => {
    // An eSIM (id or ICCID) answers its own usage; an order (id or number) its eSIMs', used-up and expired ones only with includeUsed.
    const ref = request.params.id;
    let profiles: ProfileRow[];
    let single = false;
    if (ESIM_REF.test(ref) && (await app.db('profiles').where(/^[0-9]+$/.test(ref) ? { iccid: ref } : { id: ref }).first('id'))) {
      profiles = [await findProfile(app.db, request.user!, ref)];
      single = true;
    } else {
      if (!ORDER_REF.test(ref)) throw notFound('esim_not_found');
      profiles = await profilesOf(app.db, (await findOrder(app.db, request.user!, ref)).id);
    }
    const numbers = new Map<string, string>();
    for (const id of new Set(profiles.map((p) => p.order_id!))) numbers.set(id, (await loadOrder(app.db, id))!.order_number);
    const items = profiles
      .map((p) => ({ ...usageView(p), esim_id: p.id, iccid: p.iccid, order_id: p.order_id!, order_number: numbers.get(p.order_id!)! }))
      .filter((u) => single || request.query.includeUsed || !['used', 'expired'].includes(u.plan_status))
      .slice(0, request.query.limit);
    return ok(reply, items);
  });

  app.post('/user/esim/:id/refund', { schema: { tags: ['esim'], params: esimParams, body: refundBody, response: responds(200, refundSchema) } }, async (request, reply) => {
    const refund = await refundEsim(app.db, ctx, request.user!, request.params.id, { reason: request.body?.reason, locale: request.locale });
    return ok(
      reply,
      {
        esim_id: refund.profile_id,
        order_id: refund.order_id,
        amount: centsToEuros(Number(refund.amount_cents)),
        amount_cents: Number(refund.amount_cents),
        refunded_at: new Date(refund.created_at).toISOString(),
      },
      'esim_refunded',
    );
  });
}
