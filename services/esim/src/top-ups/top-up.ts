import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  centsToEuros,
  eurosToCents,
  translate,
  type AcceptedAgreement,
  type Locale,
  type EsimTopUp,
  type EsimTopUpOffer,
  type EsimTopUpPackage,
} from '@esim/contracts';
import {
  AppError,
  findStoredAnswer,
  idempotencyClaim,
  markReplayed,
  notFound,
  storedAnswer,
  type AuthUser,
} from '@esim/platform';
import type { EsimContext } from '../context';
import { recordAgreement } from '../orders/agreements';
import { purchaseOutcome } from '../orders/purchase';
import { findProfile } from '../orders/queries';
import { driveOrder, loadOrder, type OrderRow } from '../orders/saga';
import { esimView, orderStatus, type ProfileRow } from '../profiles/views';
import { sameCoverage, topUpRefusal, type TopUpRefusal } from './eligibility';
import { bundlesOf } from './views';

/**
 * Top-ups of an installed eSIM. A top-up is an order that names the eSIM it adds to: placed once
 * per Idempotency-Key with the purchase's own group commit, then driven through the same saga
 * (hold, the provider's top-up instead of new profiles, capture by the balance service on
 * esim.order.completed). Whether the eSIM takes a top-up is checked when it is asked for (a
 * refusal writes nothing) and again under the profile's lock when the bundle is added (an eSIM that
 * expired in between fails the order and its hold is voided).
 */

/** The caller's own eSIM: only its owner tops it up, with their own balance (an admin sees every eSIM but buys for nobody). */
export async function ownProfile(db: Knex, user: AuthUser, ref: string): Promise<ProfileRow> {
  const profile = await findProfile(db, user, ref);
  if (profile.user_id !== user.id) throw notFound('esim_not_found');
  return profile;
}

function refusalError(refusal: TopUpRefusal): AppError {
  return new AppError(409, refusal.code, { params: 'params' in refusal ? refusal.params : {} });
}

interface CatalogPackage {
  id: string;
  code: string;
  name_tr: string;
  name_en: string;
  duration: number;
  data_mb: number | null;
  unlimited: boolean;
  price: number;
  recommended: boolean;
  countries: string[];
}

/** The packages of the eSIM's coverage on sale, at the caller's price (the catalog lists by one country; the rest are filtered here). */
async function offeredPackages(
  ctx: EsimContext,
  userId: string,
  own: OrderRow,
  locale: Locale,
  requestId: string,
): Promise<EsimTopUpPackage[]> {
  const query = new URLSearchParams({
    user_id: userId,
    country: own.countries[0] ?? '',
    type: own.package_type,
    kind: 'esim',
  });
  const rows = await ctx.catalog.request<CatalogPackage[]>('GET', `/internal/packages?${query}`, { requestId });
  return rows
    .filter((row) => sameCoverage(own.countries, row.countries))
    .map((row) => ({
      id: row.id,
      code: row.code,
      name: locale === 'en' ? row.name_en : row.name_tr,
      duration: row.duration,
      data_mb: row.data_mb,
      unlimited: row.unlimited,
      price: row.price,
      price_cents: eurosToCents(row.price),
      currency: 'EUR' as const,
      recommended: row.recommended,
    }));
}

/**
 * GET /user/esim/:id/top-ups: the eSIM, its bundles, and the packages it can take now (none, with
 * the reason, when it cannot). An admin reads any eSIM's bundles, with nothing to buy.
 */
export async function topUpOffer(
  db: Knex,
  ctx: EsimContext,
  request: FastifyRequest,
  ref: string,
): Promise<EsimTopUpOffer> {
  const profile = await findProfile(db, request.user!, ref);
  const own = (await loadOrder(db, profile.order_id!))!;
  const bundles = await bundlesOf(db, profile.id, own, request.locale);
  if (profile.user_id !== request.user!.id) {
    return {
      esim: esimView(profile, own),
      order_number: own.order_number,
      bundles,
      available: false,
      refusal_code: null,
      refusal: null,
      packages: [],
    };
  }
  const refusal = topUpRefusal(profile);
  return {
    esim: esimView(profile, own),
    order_number: own.order_number,
    bundles,
    available: refusal === null,
    refusal_code: refusal?.code ?? null,
    refusal: refusal ? translate(refusal.code, request.locale, 'params' in refusal ? refusal.params : {}) : null,
    packages: refusal ? [] : await offeredPackages(ctx, request.user!.id, own, request.locale, String(request.id)),
  };
}

/** POST /user/esim/:id/top-ups: the top-up order as it stands after driving it, and the eSIM. */
export async function topUp(
  db: Knex,
  ctx: EsimContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { ref: string; packageId: string; agreement?: AcceptedAgreement },
): Promise<{ order: OrderRow; profile: ProfileRow }> {
  const user = request.user!;
  const requestId = String(request.id);
  const profile = await ownProfile(db, user, input.ref);
  const orderId = randomUUID();
  // Scoped to the eSIM: the same key on another eSIM is another top-up.
  const claim = idempotencyClaim(request, {
    scope: `esim-top-up:${profile.id}`,
    answer: { statusCode: 201, body: { order_id: orderId } },
  });
  // A key answered before replays its top-up, even once the eSIM no longer takes new ones.
  let order: OrderRow | undefined;
  const stored = await findStoredAnswer<{ order_id: string }>(db, claim);
  if (stored) {
    markReplayed(reply);
    order = (await loadOrder(db, stored.body.order_id))!;
  } else {
    const refusal = topUpRefusal(profile);
    if (refusal) throw refusalError(refusal);
    const own = (await loadOrder(db, profile.order_id!))!;
    const quote = await ctx.quotes.quote({ userId: user.id, packageId: input.packageId, quantity: 1 }, requestId);
    if (!sameCoverage(own.countries, quote.package.countries)) {
      throw new AppError(422, 'esim_top_up_package_not_covering', {
        errors: [{ path: 'package_id', message: translate('esim_top_up_package_not_covering', request.locale) }],
      });
    }
    order = await ctx.placing.submit({
      id: orderId,
      userId: user.id,
      quote,
      locale: request.locale,
      requestId,
      claim,
      topUpProfileId: profile.id,
    });
    if (!order) {
      const answer = await storedAnswer<{ order_id: string }>(db, claim);
      markReplayed(reply);
      order = (await loadOrder(db, answer.body.order_id))!;
    }
  }
  // The documents go with the top-up as with a purchase (written once; a replay writes nothing more).
  if (input.agreement && order.user_id === user.id)
    await recordAgreement(db, ctx, order, { version: input.agreement.version, email: user.email, requestId });
  try {
    order = (await driveOrder(db, ctx, order, { requestId })).order;
  } catch (error) {
    // A service on the way is down: the order stays where it got to and the recovery loop finishes it.
    if (!(error instanceof AppError && error.statusCode >= 500)) throw error;
    order = (await loadOrder(db, order.id))!;
  }
  const after = (await db('profiles').where({ id: profile.id }).first()) as ProfileRow;
  return { order, profile: after };
}

/** The answer's status and code: completed (201), still processing (202), or the failure as an error (the purchase's rule). */
export function topUpOutcome(order: OrderRow): { status: number; code: string } {
  const outcome = purchaseOutcome(order);
  return { status: outcome.status, code: outcome.status === 201 ? 'esim_top_up_completed' : 'esim_top_up_processing' };
}

export function topUpView(
  order: OrderRow,
  profile: ProfileRow,
  own: Pick<OrderRow, 'created_at' | 'demo'>,
  locale: Locale,
): EsimTopUp {
  const failed = order.step === 'failed' && order.failure_code;
  return {
    id: order.id,
    order_number: order.order_number,
    status: orderStatus(order, 0, 1),
    package_name: locale === 'en' ? order.package_name_en : order.package_name_tr,
    data_mb: order.data_mb,
    validity_days: order.validity_days,
    total: centsToEuros(order.total_cents),
    total_cents: order.total_cents,
    currency: 'EUR',
    failure_reason: failed ? translate(order.failure_code!, locale, order.failure_params) : null,
    failure_code: failed ? order.failure_code : null,
    created_at: new Date(order.created_at).toISOString(),
    completed_at: order.completed_at ? new Date(order.completed_at).toISOString() : null,
    esim: esimView(profile, own),
  };
}
