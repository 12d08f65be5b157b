import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Redis } from '@esim/platform';
import type { EsimConfig } from '../../config';
import type { ProvisionRequest, ProvisionResult, TopUpRequest, TopUpResult } from '../../provider/port';
import {
  SupplierWebhookRefused,
  type Supplier,
  type SupplierEsimStatus,
  type SupplierNotice,
  type SupplierOffer,
  type SupplierRefusal,
} from '../../provider/supplier';
import { addBundle } from '../../top-ups/bundles';
import { topUpRefusal as ownTopUpRefusal } from '../../top-ups/eligibility';
import { createEsimAccessClient, EsimAccessError, EsimAccessUnavailable } from './client';
import { sharedRateLimiter } from './limiter';
import {
  cancellable,
  ENDED_STATES,
  euroCents,
  offerOf,
  orderRefusal,
  parseActivationCode,
  parseEaTime,
  stateOf,
  topUpRefusal,
  type EaEsim,
  type EaPackage,
  type EaUsage,
} from './mapping';

export type EsimAccessConfig = Pick<
  EsimConfig,
  | 'ESIMACCESS_ACCESS_CODE'
  | 'ESIMACCESS_SECRET_KEY'
  | 'ESIMACCESS_BASE_URL'
  | 'ESIMACCESS_WEBHOOK_IPS'
  | 'SUPPLIER_EUR_PER_USD'
>;

export interface EsimAccessSupplierOptions {
  config: EsimAccessConfig;
  /** The service's Redis (its key prefix keeps the limiter and the caches apart from other deployments). */
  redis: Redis;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long one call may take (default 20 s). */
  timeoutMs?: number;
  /** eSIM Access allows 8 requests a second per account, shared by every process. */
  requestsPerSecond?: number;
  /** How long an eSIM's state and usage are reused (default 20 minutes: eSIM Access's figures lag hours). */
  statusCacheSeconds?: number;
}

const SUPPLIER = 'esimaccess';
/** eSIM Access takes at most 30 eSIMs in one order. */
const MAX_ESIMS_PER_ORDER = 30;
const MB = 1024 * 1024;
const PRICES_CACHE_SECONDS = 3600;
/** Our own statuses of an eSIM that has ended (its ICCID may be handed out again). */
const ENDED_HERE = ['expired', 'revoked', 'refunded'];
/** The notifications that tell of one eSIM (not of an order). */
const ESIM_NOTICES = new Set(['ESIM_STATUS', 'SMDP_EVENT', 'DATA_USAGE', 'VALIDITY_USAGE']);

/** Where an eSIM's cached state lives in Redis (under the service's prefix). */
export const esimAccessStatusKey = (esimTranNo: string) => `esimaccess:esim:${esimTranNo}`;
const PRICES_KEY = 'esimaccess:prices';
/** The shared limiter's key: anything else that calls eSIM Access with the same account must take its turns there too. */
export const esimAccessRateKey = 'esimaccess:rate';

interface SupplierOrderRow {
  order_id: string;
  supplier: string;
  kind: 'purchase' | 'top_up';
  supplier_package_id: string;
  quantity: number;
  status: 'placing' | 'placed' | 'delivered' | 'failed' | 'cancelled';
  supplier_order_ref: string | null;
  failure_code: string | null;
  attempts: number;
}

interface ProfileRef {
  id: string;
  iccid: string;
  supplier: string;
  supplier_ref: string | null;
  status: string | null;
  expires_at: Date | null;
  refunded_at: Date | null;
}

/** What storing an order's eSIMs needs of the order. */
interface OrderInfo {
  orderId: string;
  userId: string;
  packageCode: string;
  dataTotalBytes: number | null;
  quantity: number;
}

/** A notification that settled nothing yet (not recorded, so a redelivery is acted on), and why. */
type Unsettled = { unsettled: string };

type TopUpRefusalReason = Extract<TopUpResult, { ok: false }>['reason'];

type Placing = { kind: 'placed'; orderNo: string } | { kind: 'refused'; reason: SupplierRefusal } | { kind: 'unknown' };

const pager = (size: number) => ({ pageNum: 1, pageSize: Math.min(500, Math.max(5, size)) });
const isEsim = (value: unknown): value is EaEsim =>
  !!value &&
  typeof (value as EaEsim).esimTranNo === 'string' &&
  typeof (value as EaEsim).iccid === 'string' &&
  typeof (value as EaEsim).esimStatus === 'string';
const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * eSIM Access behind the supplier port (provider/supplier.ts). What it keeps so that nothing is bought
 * twice and no answer is acted on blindly:
 * - an order is a `supplier_orders` row first; esim/order carries our order id as its transactionId,
 *   which eSIM Access treats as the same request when it comes again, so an answer lost on the way
 *   back is asked for again with the same id and never buys a second time;
 * - the profiles come later (esim/query answers 200010 while they are allocated): `provision` answers
 *   pending until they are there, then stores them keyed by esimTranNo, since eSIM Access hands an
 *   ICCID out again once its eSIM has ended;
 * - its webhooks are unsigned: they are taken only from its published addresses when those are
 *   configured, deduplicated by notifyId, and never believed: what they announce is read back from
 *   the API before anything is done.
 * Every call goes through one limiter of 8 a second shared in Redis by all processes.
 */
export function esimAccessSupplier(options: EsimAccessSupplierOptions): Supplier {
  const { config, redis, log } = options;
  if (!config.ESIMACCESS_ACCESS_CODE || !config.ESIMACCESS_SECRET_KEY)
    throw new Error('eSIM Access needs ESIMACCESS_ACCESS_CODE and ESIMACCESS_SECRET_KEY');
  const rate = config.SUPPLIER_EUR_PER_USD;
  const statusTtl = options.statusCacheSeconds ?? 20 * 60;
  const allowed = config.ESIMACCESS_WEBHOOK_IPS.split(',')
    .map((ip) => ip.trim())
    .filter(Boolean);
  const client = createEsimAccessClient({
    baseUrl: config.ESIMACCESS_BASE_URL,
    accessCode: config.ESIMACCESS_ACCESS_CODE,
    secretKey: config.ESIMACCESS_SECRET_KEY,
    timeoutMs: options.timeoutMs ?? 20_000,
    limiter: sharedRateLimiter(redis, { key: esimAccessRateKey, perSecond: options.requestsPerSecond ?? 8 }),
  });

  // ── what we asked for: supplier_orders ──

  async function ensureRow(
    db: Knex,
    row: Pick<SupplierOrderRow, 'order_id' | 'kind' | 'supplier_package_id' | 'quantity'>,
  ): Promise<SupplierOrderRow> {
    await db('supplier_orders')
      .insert({ ...row, supplier: SUPPLIER })
      .onConflict('order_id')
      .ignore();
    const stored = (await db('supplier_orders').where({ order_id: row.order_id }).first()) as SupplierOrderRow;
    if (stored.supplier !== SUPPLIER) throw new Error(`order ${row.order_id} was asked of ${stored.supplier}`);
    return stored;
  }

  async function fail(db: Knex, orderId: string, reason: SupplierRefusal | 'esim_top_up_not_allowed', detail: string) {
    await db('supplier_orders')
      .where({ order_id: orderId })
      .whereIn('status', ['placing', 'placed'])
      .update({ status: 'failed', failure_code: reason, failure_detail: detail, updated_at: db.fn.now() });
  }

  /** The row's refusal as the saga knows it (a failed row always has its code). */
  const refusalOf = (row: SupplierOrderRow) => (row.failure_code ?? 'esim_provider_failed') as SupplierRefusal;

  const storedIccids = async (db: Knex | Knex.Transaction, orderId: string) =>
    ((await db('profiles').where({ order_id: orderId }).orderBy('iccid').pluck('iccid')) as string[]).sort();

  // ── prices, for what an order cost us ──

  async function listPackages(body: Record<string, unknown>): Promise<EaPackage[]> {
    const obj = await client.call<{ packageList?: unknown }>('/package/list', body);
    return (Array.isArray(obj.packageList) ? obj.packageList : []).filter(
      (p): p is EaPackage => !!p && typeof (p as EaPackage).packageCode === 'string',
    );
  }

  async function rememberPrices(packages: EaPackage[]) {
    const prices = Object.fromEntries(packages.map((p) => [p.packageCode, p.price]));
    await redis.set(PRICES_KEY, JSON.stringify(prices), 'EX', PRICES_CACHE_SECONDS).catch(() => undefined);
  }

  /** One package's net cost in euro cents, from a price list read at most hourly; null when unknown (never blocks a sale). */
  async function unitCost(packageCode: string): Promise<number | null> {
    try {
      let prices = JSON.parse((await redis.get(PRICES_KEY)) ?? 'null') as Record<string, number> | null;
      if (!prices) {
        const [base, topUps] = await Promise.all([
          listPackages({ type: 'BASE' }),
          listPackages({ type: 'TOPUP' }).catch(() => []),
        ]);
        await rememberPrices([...base, ...topUps]);
        prices = Object.fromEntries([...base, ...topUps].map((p) => [p.packageCode, p.price]));
      }
      const price = prices[packageCode];
      return typeof price === 'number' ? euroCents(price, rate) : null;
    } catch {
      return null;
    }
  }

  // ── buying ──

  /** esim/order with our order id as the transactionId: a first try or the same request again. */
  async function place(db: Knex, row: SupplierOrderRow): Promise<Placing> {
    if (row.quantity > MAX_ESIMS_PER_ORDER) {
      await fail(
        db,
        row.order_id,
        'supplier_package_unavailable',
        `more than ${MAX_ESIMS_PER_ORDER} eSIMs in one order`,
      );
      return { kind: 'refused', reason: 'supplier_package_unavailable' };
    }
    await db('supplier_orders')
      .where({ order_id: row.order_id })
      .update({ attempts: db.raw('attempts + 1'), updated_at: db.fn.now() });
    try {
      const obj = await client.call<{ orderNo?: unknown }>('/esim/order', {
        transactionId: row.order_id,
        packageInfoList: [{ packageCode: row.supplier_package_id, count: row.quantity }],
      });
      if (typeof obj.orderNo !== 'string' || !obj.orderNo)
        throw new EsimAccessUnavailable('eSIM Access /esim/order: an answer without its orderNo');
      const cost = await unitCost(row.supplier_package_id);
      await db('supplier_orders')
        .where({ order_id: row.order_id })
        .whereIn('status', ['placing', 'placed'])
        .update({
          status: 'placed',
          supplier_order_ref: obj.orderNo,
          request_ref: row.order_id,
          placed_at: db.raw('coalesce(placed_at, now())'),
          cost_cents: cost === null ? null : cost * row.quantity,
          failure_detail: null,
          updated_at: db.fn.now(),
        });
      return { kind: 'placed', orderNo: obj.orderNo };
    } catch (error) {
      if (error instanceof EsimAccessError) {
        const reason = orderRefusal(error.code);
        await fail(db, row.order_id, reason, error.message);
        log.warn({ orderId: row.order_id, code: error.code, reason }, 'eSIM Access refused an order');
        return { kind: 'refused', reason };
      }
      if (error instanceof EsimAccessUnavailable) {
        // It may have been placed: the next try sends the same transactionId and gets that order back.
        await db('supplier_orders')
          .where({ order_id: row.order_id })
          .update({ failure_detail: error.message, updated_at: db.fn.now() });
        log.warn({ orderId: row.order_id, err: error }, 'eSIM Access order outcome unknown; asked again later');
        return { kind: 'unknown' };
      }
      throw error;
    }
  }

  /** The order's eSIMs once all are allocated with their activation codes; null while they are not (or eSIM Access cannot say now). */
  async function allocated(orderId: string, orderNo: string, quantity: number): Promise<EaEsim[] | null> {
    let list: unknown[];
    try {
      const obj = await client.call<{ esimList?: unknown }>('/esim/query', { orderNo, pager: pager(quantity) });
      list = Array.isArray(obj.esimList) ? obj.esimList : [];
    } catch (error) {
      if (error instanceof EsimAccessError && error.code === '200010') return null;
      if (error instanceof EsimAccessError || error instanceof EsimAccessUnavailable) {
        log.warn({ orderId, orderNo, err: error }, 'eSIM Access order query failed; asked again later');
        return null;
      }
      throw error;
    }
    const esims = list.filter(isEsim);
    if (esims.some((esim) => esim.transactionId !== undefined && esim.transactionId !== orderId)) {
      log.error({ orderId, orderNo }, 'eSIM Access order holds eSIMs of another transaction; not stored');
      return null;
    }
    const ready = esims.filter((esim) => parseActivationCode(esim.ac) && /^89\d{17,18}$/.test(esim.iccid));
    if (ready.length === quantity) return ready;
    if (ready.length > quantity)
      log.error({ orderId, orderNo, quantity, got: ready.length }, 'eSIM Access order has more eSIMs than bought');
    return null;
  }

  /** An eSIM as esim/query has it now; null when eSIM Access does not know it. */
  async function readEsim(esimTranNo: string): Promise<EaEsim | null> {
    const obj = await client.call<{ esimList?: unknown }>('/esim/query', { esimTranNo, pager: pager(1) });
    const list = Array.isArray(obj.esimList) ? obj.esimList : [];
    return list.filter(isEsim).find((esim) => esim.esimTranNo === esimTranNo) ?? null;
  }

  /**
   * Stores the order's eSIMs (one short transaction, the supplier_orders row locked) and marks the
   * order delivered; `fresh` says this call did it. An ICCID that a live eSIM of ours still holds under
   * another esimTranNo was handed out again because that one ended at eSIM Access: the old row is
   * closed with what eSIM Access says of it (read before the transaction).
   */
  async function store(
    db: Knex,
    info: OrderInfo,
    esims: EaEsim[],
  ): Promise<{ iccids: string[]; fresh: boolean } | null> {
    const refs = esims.map((esim) => esim.esimTranNo);
    const holders = (await db('profiles')
      .whereIn(
        'iccid',
        esims.map((esim) => esim.iccid),
      )
      .where((q) => q.whereNull('status').orWhereNotIn('status', ENDED_HERE))
      .where((q) => q.whereNull('supplier_ref').orWhereNotIn('supplier_ref', refs))
      .select('id', 'iccid', 'supplier', 'supplier_ref', 'status')) as ProfileRef[];
    const endings = new Map<string, 'expired' | 'revoked'>();
    for (const holder of holders) {
      if (holder.supplier !== SUPPLIER || !holder.supplier_ref) {
        log.error({ orderId: info.orderId, iccid: holder.iccid }, 'eSIM Access gave an ICCID another supplier holds');
        return null;
      }
      let before: EaEsim | null;
      try {
        before = await readEsim(holder.supplier_ref);
      } catch (error) {
        if (error instanceof EsimAccessError || error instanceof EsimAccessUnavailable) return null;
        throw error;
      }
      if (before && !ENDED_STATES.has(before.esimStatus)) {
        log.error(
          { orderId: info.orderId, iccid: holder.iccid, esimTranNo: holder.supplier_ref },
          'eSIM Access gave an ICCID whose earlier eSIM has not ended',
        );
        return null;
      }
      endings.set(
        holder.id,
        before && ['CANCEL', 'REVOKE', 'REVOKED'].includes(before.esimStatus) ? 'revoked' : 'expired',
      );
      log.warn(
        { iccid: holder.iccid, was: holder.supplier_ref, now: refs[esims.findIndex((e) => e.iccid === holder.iccid)] },
        'eSIM Access handed an ICCID out again; the earlier eSIM is closed',
      );
    }

    return db.transaction(async (trx) => {
      const row = (await trx('supplier_orders')
        .where({ order_id: info.orderId })
        .forUpdate()
        .first()) as SupplierOrderRow;
      if (row.status === 'delivered') return { iccids: await storedIccids(trx, info.orderId), fresh: false };
      for (const [id, status] of endings)
        await trx('profiles')
          .where({ id })
          .where((q) => q.whereNull('status').orWhereNotIn('status', ENDED_HERE))
          .update({ status, updated_at: trx.fn.now() });
      const have = new Set(
        (await trx('profiles')
          .where({ supplier: SUPPLIER })
          .whereIn('supplier_ref', refs)
          .pluck('supplier_ref')) as string[],
      );
      const rows = esims
        .filter((esim) => !have.has(esim.esimTranNo))
        .map((esim) => {
          const code = parseActivationCode(esim.ac)!;
          const total = num(esim.totalVolume);
          return {
            iccid: esim.iccid,
            smdp_address: code.smdpAddress,
            matching_id: code.matchingId,
            confirmation_code_required: code.confirmation,
            package_code: info.packageCode,
            operator: 'eSIM Access',
            pool_status: 'assigned',
            order_id: info.orderId,
            user_id: info.userId,
            status: 'inactive',
            // What the eSIM carries at eSIM Access (bytes); unlimited stays unlimited.
            data_total_bytes: info.dataTotalBytes === null ? null : total && total > 0 ? total : info.dataTotalBytes,
            assigned_at: trx.fn.now(),
            supplier: SUPPLIER,
            supplier_ref: esim.esimTranNo,
          };
        });
      if (rows.length > 0) await trx('profiles').insert(rows);
      await trx('supplier_orders')
        .where({ order_id: info.orderId })
        .update({ status: 'delivered', delivered_at: trx.fn.now(), failure_detail: null, updated_at: trx.fn.now() });
      return { iccids: esims.map((esim) => esim.iccid).sort(), fresh: true };
    });
  }

  /** Moves one order on as far as eSIM Access lets it now. */
  async function drive(db: Knex, row: SupplierOrderRow, info: OrderInfo): Promise<ProvisionResult> {
    if (row.status === 'delivered') return { ok: true, iccids: await storedIccids(db, row.order_id) };
    if (row.status === 'failed' || row.status === 'cancelled') return { ok: false, reason: refusalOf(row) };
    let orderNo = row.supplier_order_ref;
    if (!orderNo) {
      const placing = await place(db, row);
      if (placing.kind === 'refused') return { ok: false, reason: placing.reason };
      if (placing.kind === 'unknown') return { ok: 'pending' };
      orderNo = placing.orderNo;
    }
    const esims = await allocated(row.order_id, orderNo, row.quantity);
    if (!esims) return { ok: 'pending' };
    const stored = await store(db, info, esims);
    return stored ? { ok: true, iccids: stored.iccids } : { ok: 'pending' };
  }

  async function orderInfo(db: Knex, orderId: string): Promise<OrderInfo | undefined> {
    const order = (await db('orders')
      .where({ id: orderId })
      .first('user_id', 'package_code', 'data_mb', 'quantity')) as
      { user_id: string; package_code: string; data_mb: number | null; quantity: number } | undefined;
    return (
      order && {
        orderId,
        userId: order.user_id,
        packageCode: order.package_code,
        dataTotalBytes: order.data_mb === null ? null : order.data_mb * MB,
        quantity: order.quantity,
      }
    );
  }

  // ── an eSIM's state, cached ──

  interface Cached {
    state: SupplierEsimStatus['state'];
    usedBytes: number | null;
    totalBytes: number | null;
    expiresAt: string | null;
    updatedAt: string | null;
  }
  const revive = (c: Cached): SupplierEsimStatus => ({
    ...c,
    expiresAt: c.expiresAt ? new Date(c.expiresAt) : null,
    updatedAt: c.updatedAt ? new Date(c.updatedAt) : null,
  });

  /** esim/query and esim/usage/query of one eSIM, read now and kept for the next 20 minutes. */
  async function freshStatus(esimTranNo: string): Promise<SupplierEsimStatus> {
    const [query, usage] = await Promise.all([
      client.call<{ esimList?: unknown }>('/esim/query', { esimTranNo, pager: pager(1) }),
      client.call<{ esimUsageList?: unknown }>('/esim/usage/query', { esimTranNoList: [esimTranNo] }),
    ]);
    const esim = (Array.isArray(query.esimList) ? query.esimList : [])
      .filter(isEsim)
      .find((e) => e.esimTranNo === esimTranNo);
    const used = (Array.isArray(usage.esimUsageList) ? (usage.esimUsageList as EaUsage[]) : []).find(
      (u) => u && u.esimTranNo === esimTranNo,
    );
    const usedBytes = num(used?.dataUsage) ?? num(esim?.orderUsage);
    const status: SupplierEsimStatus = esim
      ? {
          state: stateOf(esim.esimStatus, esim.smdpStatus ?? '', usedBytes ?? 0),
          usedBytes,
          totalBytes: num(used?.totalData) ?? num(esim.totalVolume),
          expiresAt: parseEaTime(esim.expiredTime),
          updatedAt: parseEaTime(used?.lastUpdateTime),
        }
      : { state: 'unknown', usedBytes: null, totalBytes: null, expiresAt: null, updatedAt: null };
    await redis.set(esimAccessStatusKey(esimTranNo), JSON.stringify(status), 'EX', statusTtl).catch(() => undefined);
    return status;
  }

  async function cachedStatus(esimTranNo: string): Promise<SupplierEsimStatus> {
    const hit = await redis.get(esimAccessStatusKey(esimTranNo)).catch(() => null);
    return hit ? revive(JSON.parse(hit) as Cached) : freshStatus(esimTranNo);
  }

  const forget = (esimTranNo: string) => redis.del(esimAccessStatusKey(esimTranNo)).catch(() => undefined);

  const profileById = async (db: Knex | Knex.Transaction, id: string) =>
    (await db('profiles')
      .where({ id })
      .first('id', 'iccid', 'supplier', 'supplier_ref', 'status', 'expires_at', 'refunded_at')) as
      ProfileRef | undefined;

  /** The eSIM Access profile an ICCID names: the one not ended, else the newest (ICCIDs are handed out again). */
  const profileByIccid = async (db: Knex | Knex.Transaction, iccid: string) =>
    (await db('profiles')
      .where({ iccid, supplier: SUPPLIER })
      .orderByRaw(`(status IS NOT NULL AND status IN ('expired', 'revoked', 'refunded')), created_at DESC`)
      .first('id', 'iccid', 'supplier', 'supplier_ref', 'status', 'expires_at', 'refunded_at')) as
      ProfileRef | undefined;

  const refOf = (profile: ProfileRef | undefined, what: string): string => {
    if (!profile || profile.supplier !== SUPPLIER || !profile.supplier_ref)
      throw new Error(`${what}: not an eSIM Access eSIM`);
    return profile.supplier_ref;
  };

  // ── ending an eSIM ──

  /** Cancels a never-installed eSIM (its money back to our balance at eSIM Access), else revokes it; nothing for one already ended. */
  async function end(esimTranNo: string): Promise<'cancelled' | 'revoked' | 'ended before'> {
    const esim = await readEsim(esimTranNo);
    if (!esim || ENDED_STATES.has(esim.esimStatus)) return 'ended before';
    if (cancellable(esim)) {
      try {
        await client.call('/esim/cancel', { esimTranNo });
        await forget(esimTranNo);
        return 'cancelled';
      } catch (error) {
        // Installed in the meantime: it can only be revoked now.
        if (!(error instanceof EsimAccessError && error.code === '200002')) throw error;
      }
    }
    try {
      await client.call('/esim/revoke', { esimTranNo });
    } catch (error) {
      if (error instanceof EsimAccessError && error.code === '200002') {
        const again = await readEsim(esimTranNo);
        if (!again || ENDED_STATES.has(again.esimStatus)) {
          await forget(esimTranNo);
          return 'ended before';
        }
      }
      throw error;
    }
    await forget(esimTranNo);
    return 'revoked';
  }

  // ── top-ups ──

  async function topUpOne(db: Knex, request: TopUpRequest): Promise<TopUpResult> {
    const row = await ensureRow(db, {
      order_id: request.orderId,
      kind: 'top_up',
      supplier_package_id: request.supplierPackageId,
      quantity: 1,
    });
    const addToRow = () => db.transaction((trx) => addBundle(trx, request));
    if (row.status === 'delivered') return addToRow();
    if (row.status === 'failed' || row.status === 'cancelled')
      return { ok: false, reason: (row.failure_code ?? 'esim_provider_failed') as TopUpRefusalReason };
    const profile = await profileById(db, request.profileId);
    if (!profile || profile.supplier !== SUPPLIER || !profile.supplier_ref) {
      await fail(db, request.orderId, 'esim_top_up_not_allowed', 'not an eSIM Access eSIM');
      return { ok: false, reason: 'esim_top_up_not_allowed' };
    }
    const esimTranNo = profile.supplier_ref;
    let cost: number | null = null;
    // A first try checks first; a later one may follow a top-up that went through, so it only asks again.
    if (row.attempts === 0) {
      if (ownTopUpRefusal(profile)) {
        await fail(db, request.orderId, 'esim_top_up_not_allowed', `the eSIM is ${profile.status}`);
        return { ok: false, reason: 'esim_top_up_not_allowed' };
      }
      const offered = await listPackages({ type: 'TOPUP', iccid: profile.iccid }).catch((error: unknown) => {
        // eSIM Access refusing the list (an ICCID it no longer knows) offers nothing for this eSIM.
        if (error instanceof EsimAccessError) return [] as EaPackage[];
        throw error;
      });
      const match = offered.find((p) => p.packageCode === request.supplierPackageId);
      if (!match) {
        await fail(db, request.orderId, 'supplier_top_up_unavailable', 'not among the eSIM’s top-ups at eSIM Access');
        return { ok: false, reason: 'supplier_top_up_unavailable' };
      }
      cost = euroCents(match.price, rate);
    }
    await db('supplier_orders')
      .where({ order_id: request.orderId })
      .update({ attempts: db.raw('attempts + 1'), updated_at: db.fn.now() });
    let obj: { topUpEsimTranNo?: unknown };
    try {
      obj = await client.call('/esim/topup', {
        esimTranNo,
        packageCode: request.supplierPackageId,
        transactionId: request.orderId,
      });
    } catch (error) {
      if (error instanceof EsimAccessError) {
        const reason = topUpRefusal(error.code);
        await fail(db, request.orderId, reason, error.message);
        return { ok: false, reason };
      }
      throw error;
    }
    await db('supplier_orders')
      .where({ order_id: request.orderId })
      .whereIn('status', ['placing', 'placed'])
      .update({
        status: 'delivered',
        supplier_order_ref: typeof obj.topUpEsimTranNo === 'string' ? obj.topUpEsimTranNo : null,
        request_ref: request.orderId,
        placed_at: db.raw('coalesce(placed_at, now())'),
        delivered_at: db.fn.now(),
        cost_cents: cost ?? (await unitCost(request.supplierPackageId)),
        failure_detail: null,
        updated_at: db.fn.now(),
      });
    await forget(esimTranNo);
    return addToRow();
  }

  // ── webhooks ──

  const addressOf = (ip: string) => ip.replace(/^::ffff:/i, '');

  /** An order's allocation announced (by ORDER_STATUS, or by news of one of its eSIMs arriving first): read back and stored. */
  async function onOrder(
    db: Knex,
    row: SupplierOrderRow,
    announcedOrderNo: string | null,
  ): Promise<SupplierNotice[] | Unsettled> {
    if (row.status === 'delivered') return [{ kind: 'ignored', reason: 'order already delivered' }];
    if (row.status !== 'placing' && row.status !== 'placed')
      return [{ kind: 'ignored', reason: `order ${row.status}` }];
    const orderNo = row.supplier_order_ref ?? announcedOrderNo;
    const info = await orderInfo(db, row.order_id);
    if (!orderNo || !info) return [{ kind: 'ignored', reason: 'no order to read back' }];
    // allocated() checks the eSIMs read back carry our order id as their transactionId.
    const esims = await allocated(row.order_id, orderNo, row.quantity);
    if (!esims) return { unsettled: 'order not allocated yet' };
    if (!row.supplier_order_ref)
      await db('supplier_orders')
        .where({ order_id: row.order_id })
        .whereNull('supplier_order_ref')
        .update({ status: 'placed', supplier_order_ref: orderNo, placed_at: db.fn.now(), updated_at: db.fn.now() });
    const stored = await store(db, info, esims);
    if (!stored) return { unsettled: 'order not stored yet' };
    return stored.fresh
      ? [{ kind: 'order', orderId: row.order_id }]
      : [{ kind: 'ignored', reason: 'order already delivered' }];
  }

  async function orderOfNotice(db: Knex, content: Record<string, unknown>): Promise<SupplierOrderRow | undefined> {
    const orderNo = typeof content.orderNo === 'string' ? content.orderNo : null;
    const transactionId = typeof content.transactionId === 'string' ? content.transactionId : null;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (!orderNo && !(transactionId && uuid.test(transactionId))) return undefined;
    return (await db('supplier_orders')
      .where({ supplier: SUPPLIER, kind: 'purchase' })
      .where((q) => {
        if (orderNo) q.orWhere({ supplier_order_ref: orderNo });
        if (transactionId && uuid.test(transactionId)) q.orWhere({ order_id: transactionId });
      })
      .first()) as SupplierOrderRow | undefined;
  }

  async function onEsim(
    db: Knex,
    content: Record<string, unknown>,
    eventAt: Date | null,
  ): Promise<SupplierNotice[] | Unsettled> {
    const esimTranNo = typeof content.esimTranNo === 'string' ? content.esimTranNo : '';
    const profile = esimTranNo
      ? ((await db('profiles')
          .where({ supplier: SUPPLIER, supplier_ref: esimTranNo })
          .first('id', 'iccid', 'supplier', 'supplier_ref')) as ProfileRef | undefined)
      : undefined;
    if (!profile) {
      // News of an eSIM before its order's: the order is read back and stored first.
      const row = await orderOfNotice(db, content);
      if (row && row.status !== 'delivered')
        return onOrder(db, row, typeof content.orderNo === 'string' ? content.orderNo : null);
      return [{ kind: 'ignored', reason: 'not an eSIM of ours' }];
    }
    if (eventAt) {
      // A later notification of this eSIM was acted on already: its state was read then, after this one's.
      const later = await db('esimaccess_notices')
        .where({ esim_tran_no: esimTranNo })
        .where('event_at', '>', eventAt)
        .first('notify_id');
      if (later) return [{ kind: 'ignored', reason: 'older than one already handled' }];
    }
    try {
      const status = await freshStatus(esimTranNo);
      return [{ kind: 'esim', iccid: profile.iccid, supplierRef: esimTranNo, status }];
    } catch (error) {
      if (!(error instanceof EsimAccessError || error instanceof EsimAccessUnavailable)) throw error;
      log.warn({ esimTranNo, err: error }, 'eSIM Access eSIM could not be read back for its webhook');
      return { unsettled: 'eSIM Access could not be asked' };
    }
  }

  return {
    name: SUPPLIER,
    // esim/order allocates at most 30 eSIMs per batch.
    maxPerOrder: 30,

    // eSIM Access sends a CHECK_HEALTH to the address first and keeps it only if that answers.
    async registerWebhook(url: string) {
      await client.call('/webhook/save', { webhook: url });
    },

    async provision(db: Knex, requests: ProvisionRequest[]): Promise<ProvisionResult[]> {
      // One order's trouble never holds up the others of the batch: each answers for itself.
      return Promise.all(
        requests.map(async (request) => {
          const row = await ensureRow(db, {
            order_id: request.orderId,
            kind: 'purchase',
            supplier_package_id: request.supplierPackageId,
            quantity: request.quantity,
          });
          return drive(db, row, {
            orderId: request.orderId,
            userId: request.userId,
            packageCode: request.packageCode,
            dataTotalBytes: request.dataTotalBytes,
            quantity: request.quantity,
          });
        }),
      );
    },

    async topUp(db: Knex, requests: TopUpRequest[]): Promise<TopUpResult[]> {
      const results: TopUpResult[] = [];
      let unknown: unknown = null;
      for (const request of requests) {
        try {
          results.push(await topUpOne(db, request));
        } catch (error) {
          if (!(error instanceof EsimAccessUnavailable)) throw error;
          // Maybe done at eSIM Access: the saga asks again and the same transactionId finds it.
          unknown ??= error;
          results.push({ ok: false, reason: 'esim_provider_failed' });
        }
      }
      if (unknown) throw unknown;
      return results;
    },

    async usage(db, iccid) {
      const profile = await profileByIccid(db, iccid);
      if (!profile?.supplier_ref) return undefined;
      const status = await cachedStatus(profile.supplier_ref);
      return { usedBytes: status.usedBytes ?? 0, totalBytes: status.totalBytes };
    },

    async setStatus(db, iccid, status) {
      const esimTranNo = refOf(await profileByIccid(db, iccid), iccid);
      if (status === 'revoked') {
        await end(esimTranNo);
        return;
      }
      const path = status === 'suspended' ? '/esim/suspend' : '/esim/unsuspend';
      try {
        await client.call(path, { esimTranNo });
      } catch (error) {
        if (!(error instanceof EsimAccessError && error.code === '200002')) throw error;
        // Not allowed in its state: fine when it is already where we want it.
        const now = await readEsim(esimTranNo);
        const already =
          status === 'suspended'
            ? now?.esimStatus === 'SUSPENDED'
            : !!now && now.esimStatus !== 'SUSPENDED' && !ENDED_STATES.has(now.esimStatus);
        if (!already) throw error;
      }
      await forget(esimTranNo);
    },

    async revoke(db, profile) {
      const esimTranNo = refOf(await profileById(db, profile.id), profile.iccid);
      const outcome = await end(esimTranNo);
      log.info({ profileId: profile.id, esimTranNo, outcome }, 'eSIM Access eSIM ended');
    },

    async offers(): Promise<SupplierOffer[]> {
      const [base, topUps] = await Promise.all([
        listPackages({ type: 'BASE', locationCode: '' }),
        listPackages({ type: 'TOPUP' }).catch((error: unknown) => {
          if (!(error instanceof EsimAccessError)) throw error;
          log.warn({ err: error }, 'eSIM Access lists no top-ups without an eSIM');
          return [] as EaPackage[];
        }),
      ]);
      await rememberPrices([...base, ...topUps]);
      return [...base.map((p) => offerOf(p, false, rate)), ...topUps.map((p) => offerOf(p, true, rate))].filter(
        (offer): offer is SupplierOffer => offer !== null,
      );
    },

    async topUpOffers(db, profile) {
      const row = await profileById(db, profile.id);
      if (!row || row.supplier !== SUPPLIER || (row.status !== null && ENDED_HERE.includes(row.status))) return [];
      const offered = await listPackages({ type: 'TOPUP', iccid: row.iccid }).catch((error: unknown) => {
        if (error instanceof EsimAccessError) return [] as EaPackage[];
        throw error;
      });
      return offered.map((p) => offerOf(p, true, rate)).filter((offer): offer is SupplierOffer => offer !== null);
    },

    async balance() {
      const obj = await client.call<{ balance?: unknown }>('/balance/query', {});
      const units = num(obj.balance);
      return units === null ? null : euroCents(units, rate);
    },

    async esimStatus(db, profile) {
      return cachedStatus(refOf(await profileById(db, profile.id), profile.iccid));
    },

    async webhook(db, call) {
      if (allowed.length > 0 && !allowed.includes(addressOf(call.ip)))
        throw new SupplierWebhookRefused(`${call.ip} is not one of eSIM Access's webhook addresses`);
      let payload: { notifyType?: unknown; notifyId?: unknown; eventGenerateTime?: unknown; content?: unknown };
      try {
        payload = JSON.parse(call.rawBody.toString('utf8')) as typeof payload;
      } catch {
        throw new SupplierWebhookRefused('not an eSIM Access notification (not JSON)');
      }
      if (!payload || typeof payload !== 'object' || typeof payload.notifyType !== 'string')
        throw new SupplierWebhookRefused('not an eSIM Access notification (no notifyType)');
      const type = payload.notifyType;
      if (type === 'CHECK_HEALTH') return [{ kind: 'ignored', reason: 'health check' }];
      const notifyId = typeof payload.notifyId === 'string' ? payload.notifyId : '';
      if (!notifyId) return [{ kind: 'ignored', reason: 'no notifyId' }];
      if (await db('esimaccess_notices').where({ notify_id: notifyId }).first('notify_id'))
        return [{ kind: 'ignored', reason: 'duplicate' }];
      const content = (payload.content && typeof payload.content === 'object' ? payload.content : {}) as Record<
        string,
        unknown
      >;
      const eventAt = parseEaTime(payload.eventGenerateTime);

      let notices: SupplierNotice[] | Unsettled;
      if (type === 'ORDER_STATUS') {
        const row = await orderOfNotice(db, content);
        notices = row
          ? await onOrder(db, row, typeof content.orderNo === 'string' ? content.orderNo : null)
          : [{ kind: 'ignored', reason: 'not an order of ours' }];
      } else if (ESIM_NOTICES.has(type)) notices = await onEsim(db, content, eventAt);
      else notices = [{ kind: 'ignored', reason: `${type} is not acted on` }];

      // Nothing settled yet (still allocating, or eSIM Access could not be asked): a redelivery is acted on.
      if ('unsettled' in notices) return [{ kind: 'ignored', reason: notices.unsettled }];
      const recorded = await db('esimaccess_notices')
        .insert({
          notify_id: notifyId,
          notify_type: type,
          esim_tran_no: ESIM_NOTICES.has(type) && typeof content.esimTranNo === 'string' ? content.esimTranNo : null,
          order_no: typeof content.orderNo === 'string' ? content.orderNo : null,
          event_at: eventAt,
        })
        .onConflict('notify_id')
        .ignore()
        .returning('notify_id');
      // The same notification, delivered twice at once, acted on by the other delivery.
      if (recorded.length === 0) return [{ kind: 'ignored', reason: 'duplicate' }];
      return notices;
    },
  };
}

/** Forgets notifications older than `days` (eSIM Access does not resend after so long); run now and then. */
export async function forgetOldEsimAccessNotices(db: Knex, days = 30): Promise<number> {
  return db('esimaccess_notices')
    .where('received_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
    .delete();
}
