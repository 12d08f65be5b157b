import { randomUUID } from 'node:crypto';
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
  claimOf,
  findStoredAnswer,
  notFound,
  storedAnswer,
  type AuthUser,
  type RequestKey,
} from '@esim/platform';
import type { Caller } from '../caller';
import type { EsimContext } from '../context';
import { recordAgreement } from '../orders/agreements';
import { purchaseOutcome } from '../orders/purchase';
import { findProfile } from '../orders/queries';
import { driveOrder, loadOrder } from '../orders/saga';
import { withSupplierUsage } from '../profiles/supplier-usage';
import { esimView, orderStatus } from '../profiles/views';
import type { SupplierName } from '../provider/supplier';
import { sameCoverage, topUpRefusal, type TopUpRefusal } from './eligibility';
import { bundlesOf } from './views';
import { refuseSandboxMoney } from '../orders/sandbox';
import { type OrderRow, type ProfileRow } from '../rows';

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

/**
 * The packages of the eSIM's coverage on sale, at the caller's price: eSIM packages and top-up-only
 * ones (a supplier's top-ups). The catalog lists by one country; the rest are filtered here.
 */
async function coveringPackages(
  ctx: EsimContext,
  userId: string,
  own: OrderRow,
  requestId: string,
): Promise<CatalogPackage[]> {
  const listed = await Promise.all(
    (['esim', 'top_up'] as const).map((kind) => {
      const query = new URLSearchParams({
        user_id: userId,
        country: own.countries[0] ?? '',
        type: own.package_type,
        kind,
      });
      return ctx.catalog.request<CatalogPackage[]>('GET', `/internal/packages?${query}`, { requestId });
    }),
  );
  return listed.flat().filter((row) => sameCoverage(own.countries, row.countries));
}

const packageView = (row: CatalogPackage, locale: Locale): EsimTopUpPackage => ({
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
});

interface Seller {
  supplier: SupplierName;
  supplierPackageId: string | null;
}

/**
 * Who sells each package: esim's copy of the catalog where the catalog's events said, else the
 * buyer's quote (which names it too); a package the quote refuses (no longer on sale) is left out.
 */
async function sellersOf(
  db: Knex,
  ctx: EsimContext,
  userId: string,
  packageIds: string[],
  requestId: string,
): Promise<Map<string, Seller>> {
  const sellers = new Map<string, Seller>();
  if (packageIds.length === 0) return sellers;
  const known = (await db('catalog_packages')
    .whereIn('package_id', packageIds)
    .whereNotNull('supplier')
    .select('package_id', 'supplier', 'supplier_package_id')) as Array<{
    package_id: string;
    supplier: SupplierName;
    supplier_package_id: string | null;
  }>;
  for (const row of known)
    sellers.set(row.package_id, { supplier: row.supplier, supplierPackageId: row.supplier_package_id });
  await Promise.all(
    packageIds
      .filter((id) => !sellers.has(id))
      .map(async (packageId) => {
        try {
          const quote = await ctx.quotes.quote({ userId, packageId, quantity: 1, purpose: 'top_up' }, requestId);
          sellers.set(packageId, {
            supplier: quote.package.supplier ?? 'pool',
            supplierPackageId: quote.package.supplier_package_id ?? null,
          });
        } catch (error) {
          if (!(error instanceof AppError && error.statusCode < 500)) throw error;
        }
      }),
  );
  return sellers;
}

type TopUpListRefusal =
  | 'esim_top_up_none_on_sale'
  | 'esim_top_up_supplier_none'
  | 'esim_top_up_supplier_none_on_sale'
  | 'esim_top_up_supplier_unreachable';

/**
 * The packages an eSIM can take: those of its coverage sold by its own supplier. A pool eSIM takes
 * the pool's packages; a supplier's eSIM only packages bought as one of the top-ups its supplier
 * lists for that very eSIM now (asked outside any transaction), else the reason it takes none.
 */
async function offeredPackages(
  db: Knex,
  ctx: EsimContext,
  caller: Caller,
  profile: ProfileRow,
  own: OrderRow,
): Promise<{ packages: EsimTopUpPackage[]; refusal: TopUpListRefusal | null }> {
  const userId = caller.user.id;
  const requestId = caller.requestId;
  const mine = profile.supplier ?? 'pool';
  const view = (rows: CatalogPackage[]) => rows.map((row) => packageView(row, caller.locale));
  if (mine === 'pool') {
    const rows = await coveringPackages(ctx, userId, own, requestId);
    // With no supplier configured here, every package that sells is the pool's.
    const pools =
      ctx.suppliers.length === 0
        ? rows
        : await sellersOf(
            db,
            ctx,
            userId,
            rows.map((row) => row.id),
            requestId,
          ).then((sellers) => rows.filter((row) => sellers.get(row.id)?.supplier === 'pool'));
    // Nothing of its countries on sale: said, rather than a top-up button that opens an empty list.
    return pools.length > 0
      ? { packages: view(pools), refusal: null }
      : { packages: [], refusal: 'esim_top_up_none_on_sale' };
  }
  const supplier = ctx.suppliers.find((candidate) => candidate.name === mine);
  if (!supplier) return { packages: [], refusal: 'esim_top_up_supplier_unreachable' };
  const [rows, listed] = await Promise.all([
    coveringPackages(ctx, userId, own, requestId),
    supplier.topUpOffers(db, { id: profile.id, iccid: profile.iccid }).catch((error: unknown) => {
      caller.log.warn({ err: error, esimId: profile.id, supplier: mine }, "the supplier's top-ups could not be listed");
      return null;
    }),
  ]);
  if (listed === null) return { packages: [], refusal: 'esim_top_up_supplier_unreachable' };
  if (listed.length === 0) return { packages: [], refusal: 'esim_top_up_supplier_none' };
  const offered = new Set(listed.map((offer) => offer.supplierPackageId));
  const sellers = await sellersOf(
    db,
    ctx,
    userId,
    rows.map((row) => row.id),
    requestId,
  );
  const packages = rows.filter((row) => {
    const seller = sellers.get(row.id);
    return seller?.supplier === mine && seller.supplierPackageId !== null && offered.has(seller.supplierPackageId);
  });
  return packages.length > 0
    ? { packages: view(packages), refusal: null }
    : { packages: [], refusal: 'esim_top_up_supplier_none_on_sale' };
}

/**
 * GET /user/esim/:id/top-ups: the eSIM, its bundles, and the packages it can take now (none, with
 * the reason, when it cannot). An admin reads any eSIM's bundles, with nothing to buy.
 */
export async function topUpOffer(db: Knex, ctx: EsimContext, caller: Caller, ref: string): Promise<EsimTopUpOffer> {
  const { locale } = caller;
  // Its supplier's latest figures first: the answer draws the eSIM's remaining data.
  const profile = await withSupplierUsage(db, ctx.suppliers, await findProfile(db, caller.user, ref), caller.log);
  const own = (await loadOrder(db, profile.order_id!))!;
  const bundles = await bundlesOf(db, profile.id, own, locale);
  if (profile.user_id !== caller.user.id) {
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
  if (refusal)
    return {
      esim: esimView(profile, own),
      order_number: own.order_number,
      bundles,
      available: false,
      refusal_code: refusal.code,
      refusal: translate(refusal.code, locale, 'params' in refusal ? refusal.params : {}),
      packages: [],
    };
  const offered = await offeredPackages(db, ctx, caller, profile, own);
  return {
    esim: esimView(profile, own),
    order_number: own.order_number,
    bundles,
    available: offered.refusal === null,
    refusal_code: offered.refusal,
    refusal: offered.refusal ? translate(offered.refusal, locale) : null,
    packages: offered.packages,
  };
}

/** POST /user/esim/:id/top-ups: the top-up order as it stands after driving it, the eSIM, and whether this was a replay. */
export async function topUp(
  db: Knex,
  ctx: EsimContext,
  caller: Caller,
  input: { requestKey: RequestKey; ref: string; packageId: string; agreement?: AcceptedAgreement },
): Promise<{ order: OrderRow; profile: ProfileRow; replayed: boolean }> {
  const { user, requestId, locale } = caller;
  refuseSandboxMoney(user);
  const profile = await ownProfile(db, user, input.ref);
  const orderId = randomUUID();
  // Scoped to the eSIM: the same key on another eSIM is another top-up.
  const claim = claimOf(input.requestKey, {
    scope: `esim-top-up:${profile.id}`,
    answer: { statusCode: 201, body: { order_id: orderId } },
  });
  // A key answered before replays its top-up, even once the eSIM no longer takes new ones.
  let order: OrderRow | undefined;
  const stored = await findStoredAnswer<{ order_id: string }>(db, claim);
  let replayed = Boolean(stored);
  if (stored) {
    order = (await loadOrder(db, stored.body.order_id))!;
  } else {
    const refusal = topUpRefusal(profile);
    if (refusal) throw refusalError(refusal);
    const own = (await loadOrder(db, profile.order_id!))!;
    // A sandbox eSIM is a demo profile: real money never tops it up.
    if (own.sandbox) throw new AppError(409, 'esim_sandbox_no_money');
    const quote = await ctx.quotes.quote(
      { userId: user.id, packageId: input.packageId, quantity: 1, purpose: 'top_up' },
      requestId,
    );
    if (!sameCoverage(own.countries, quote.package.countries)) {
      throw new AppError(422, 'esim_top_up_package_not_covering', {
        errors: [{ path: 'package_id', message: translate('esim_top_up_package_not_covering', locale) }],
      });
    }
    // Another seller's package would add a bundle nobody delivers to this eSIM (or be refused after its hold).
    if ((quote.package.supplier ?? 'pool') !== (profile.supplier ?? 'pool')) {
      throw new AppError(422, 'esim_top_up_package_not_offered', {
        errors: [{ path: 'package_id', message: translate('esim_top_up_package_not_offered', locale) }],
      });
    }
    order = await ctx.placing.submit({
      id: orderId,
      userId: user.id,
      quote,
      locale,
      requestId,
      claim,
      topUpProfileId: profile.id,
    });
    if (!order) {
      const answer = await storedAnswer<{ order_id: string }>(db, claim);
      replayed = true;
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
  return { order, profile: after, replayed };
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
