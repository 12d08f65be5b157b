import type { FastifyBaseLogger } from 'fastify';
import { UUID } from '@esim/contracts';
import type { Knex } from 'knex';
import type { Redis } from '@esim/platform';
import type { ProvisionRequest, ProvisionResult, TopUpRequest, TopUpResult } from '../../provider/port';
import type { SupplierRefusal } from '../../provider/supplier';
import { addBundle } from '../../top-ups/bundles';
import { topUpRefusal } from '../../top-ups/eligibility';
import { createBatches, deliveryOf, type DeliveryTarget } from './batches';
import { AiraloAuthFailed, AiraloNoAnswer, AiraloUnavailable, type AiraloAnswer, type AiraloClient } from './client';
import { isObject, listOf, MB, parseOrder, refusalOf, type AiraloOrder, type Refusal } from './wire';

export type AiraloLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface OrderingSettings {
  client: AiraloClient;
  redis: Redis;
  log: AiraloLog;
  eurPerUsd: number;
  /** async: POST /v2/orders-async with `webhookUrl`; the eSIMs come by webhook (or a later lookup). */
  mode: 'sync' | 'async';
  webhookUrl: string | null;
  /** How long an order call may take (Airalo makes the eSIMs while we wait). */
  orderTimeoutMs: number;
  /** A synchronous order whose answer was lost (timeout, dropped connection) and that Airalo does not list is ordered again only this long after it was sent. */
  reorderAfterMs: number;
  /** An accepted asynchronous order is looked up at most this often while its webhook is awaited (0: every time). */
  lookupEveryMs: number;
}

interface SupplierOrderRow {
  order_id: string;
  supplier: string;
  kind: 'purchase' | 'top_up';
  status: 'placing' | 'placed' | 'delivered' | 'failed' | 'cancelled';
  request_ref: string | null;
  failure_code: string | null;
  failure_detail: string | null;
  attempts: number;
  idle_ms: number;
}

/**
 * What the last attempt of an order came to, kept in supplier_orders.failure_detail while it is placing:
 * in_flight (sent, no outcome recorded: a crash or still under way), no_answer (sent, the answer lost),
 * answered (Airalo answered an error after reading it) or not_sent (it never reached Airalo).
 */
type Attempt = 'in_flight' | 'no_answer' | 'answered' | 'not_sent';

const attemptOf = (row: SupplierOrderRow): Attempt => (row.failure_detail?.split(':')[0] ?? 'in_flight') as Attempt;

async function mapLimit<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Airalo calls one process makes at once for a batch (its per-account rate limits are per minute). */
const CONCURRENCY = 4;

/**
 * Buying eSIMs and top-ups from Airalo, whose orders have no idempotency key: what we asked for is
 * written to supplier_orders before Airalo is called, our order id travels as the order's description,
 * and an order whose outcome we did not learn (a timeout, a dropped connection, a 5xx, a crash) is
 * looked up by that description before it is ever sent again. Profiles are written in a short
 * transaction of our own after Airalo answered; no row of ours is locked while Airalo works.
 */
export function createOrdering(settings: OrderingSettings) {
  const { client, log } = settings;
  const asyncMode = settings.mode === 'async';
  const batches = createBatches();

  async function ensureRow(
    db: Knex,
    orderId: string,
    kind: 'purchase' | 'top_up',
    packageId: string,
    quantity: number,
  ): Promise<SupplierOrderRow> {
    await db('supplier_orders')
      .insert({ order_id: orderId, supplier: 'airalo', kind, supplier_package_id: packageId, quantity })
      .onConflict('order_id')
      .ignore();
    const row = (await db('supplier_orders')
      .where({ order_id: orderId })
      .first('*', db.raw('(extract(epoch FROM now() - updated_at) * 1000)::float8 AS idle_ms'))) as
      SupplierOrderRow | undefined;
    if (!row || row.supplier !== 'airalo') throw new Error(`order ${orderId} belongs to supplier ${row?.supplier}`);
    return row;
  }

  /** Takes the right to send the order (only one driver of it sends at a time); false: another driver has it. */
  async function claim(db: Knex, row: SupplierOrderRow): Promise<boolean> {
    const claimed = await db('supplier_orders')
      .where({ order_id: row.order_id, attempts: row.attempts, status: 'placing' })
      .update({ attempts: row.attempts + 1, failure_detail: 'in_flight', updated_at: db.fn.now() });
    return claimed === 1;
  }

  const note = (db: Knex, orderId: string, attempt: Attempt, detail: string) =>
    db('supplier_orders')
      .where({ order_id: orderId, status: 'placing' })
      .update({ failure_detail: `${attempt}: ${detail}`.slice(0, 1000) });

  async function fail(db: Knex, orderId: string, refusal: { reason: string; detail: string }) {
    await db('supplier_orders')
      .where({ order_id: orderId })
      .whereIn('status', ['placing', 'placed'])
      .update({
        status: 'failed',
        failure_code: refusal.reason,
        failure_detail: refusal.detail.slice(0, 1000),
        updated_at: db.fn.now(),
      });
  }

  /**
   * Whether an order Airalo does not list may be sent again: when the last try never reached it or
   * Airalo answered it; after a lost answer only once it cannot still be under way. An asynchronous
   * order may sit in Airalo's queue for long, so one whose request may have arrived is never sent again.
   */
  function mayOrderAgain(row: SupplierOrderRow, asynchronous: boolean): boolean {
    const attempt = attemptOf(row);
    if (attempt === 'not_sent') return true;
    if (asynchronous) return false;
    if (attempt === 'answered') return true;
    return row.idle_ms >= settings.reorderAfterMs;
  }

  /** Airalo's orders carrying our order id as their description (its filter is a substring match: kept exact here). */
  async function lookUp(orderId: string, type: 'sim' | 'topup'): Promise<AiraloOrder | null> {
    const answer = await client.request('GET', '/orders', {
      query: { 'filter[description]': orderId, include: 'sims,status', limit: 50 },
    });
    if (answer.status !== 200) throw unavailable('order lookup', answer);
    const found = listOf(isObject(answer.body) ? answer.body.data : null)
      .map((order) => parseOrder(order, settings.eurPerUsd))
      .filter((order): order is AiraloOrder => order !== null && order.description === orderId && order.type === type)
      .sort((a, b) => Number(a.id) - Number(b.id));
    if (found.length > 1)
      log.error(
        { orderId, airaloOrders: found.map((order) => order.id) },
        'Airalo holds more than one order for one of ours: the later ones were bought twice and need a refund request',
      );
    const first = found[0] ?? null;
    // An order listed before its eSIMs are made (an asynchronous one) is not delivered yet.
    return first && (type === 'topup' || first.sims.length > 0) ? first : null;
  }

  /** A lookup of an accepted asynchronous order, at most every lookupEveryMs across processes. */
  async function lookUpThrottled(orderId: string): Promise<AiraloOrder | null> {
    if (settings.lookupEveryMs > 0) {
      const due = await settings.redis.set(`airalo:lookup:${orderId}`, '1', 'PX', settings.lookupEveryMs, 'NX');
      if (due !== 'OK') return null;
    }
    return lookUp(orderId, 'sim');
  }

  const iccidsOf = async (db: Knex | Knex.Transaction, orderId: string): Promise<string[]> =>
    (
      (await db('profiles')
        .where({ order_id: orderId, supplier: 'airalo' })
        .orderBy('iccid')
        .select('iccid')) as Array<{
        iccid: string;
      }>
    ).map((row) => row.iccid);

  /** Writes an Airalo order's eSIMs as our profiles and marks the order delivered (once; asked again, the same ICCIDs). */
  async function storeDelivery(db: Knex, target: DeliveryTarget, order: AiraloOrder, requestRef?: string) {
    const stored = await batches.store(db, { target, order, requestRef });
    if (!stored.fresh) return iccidsOf(db, target.orderId);
    if (order.sims.length !== stored.quantity)
      log.error(
        { orderId: target.orderId, airaloOrder: order.id, sims: order.sims.length, quantity: stored.quantity },
        'Airalo delivered another number of eSIMs than ordered',
      );
    return order.sims.map((sim) => sim.iccid).sort();
  }

  const delivered = async (db: Knex, target: DeliveryTarget, order: AiraloOrder): Promise<ProvisionResult> => ({
    ok: true,
    iccids: await storeDelivery(db, target, order),
  });

  /** The eSIMs of an answer, for the caller to store with the order's completion (ProvisionRequest.recordsDelivery). */
  const handedBack = (target: DeliveryTarget, order: AiraloOrder, quantity: number): ProvisionResult => {
    if (order.sims.length !== quantity)
      log.error(
        { orderId: target.orderId, airaloOrder: order.id, sims: order.sims.length, quantity },
        'Airalo delivered another number of eSIMs than ordered',
      );
    return { ok: true, iccids: order.sims.map((sim) => sim.iccid).sort(), unstored: deliveryOf({ target, order }) };
  };

  const pending: ProvisionResult = { ok: 'pending' };

  async function provisionOne(db: Knex, request: ProvisionRequest): Promise<ProvisionResult> {
    const target: DeliveryTarget = {
      orderId: request.orderId,
      userId: request.userId,
      packageCode: request.packageCode,
      dataTotalBytes: request.dataTotalBytes,
    };
    // A first attempt: its row written already claimed (with the reservation, or here with the
    // others of the moment when nobody opened it), and the order sent.
    if (request.opened ?? (await batches.open(db, request))) return place(db, request, null, target);
    const row = await ensureRow(db, request.orderId, 'purchase', request.supplierPackageId, request.quantity);
    if (row.status === 'delivered') return { ok: true, iccids: await iccidsOf(db, request.orderId) };
    if (row.status === 'failed' || row.status === 'cancelled')
      return { ok: false, reason: (row.failure_code as SupplierRefusal | null) ?? 'esim_provider_failed' };
    try {
      if (row.status === 'placed') {
        // Accepted asynchronously: the webhook brings the eSIMs; a lookup finds them if it was lost.
        const found = await lookUpThrottled(request.orderId);
        return found ? await delivered(db, target, found) : pending;
      }
      if (row.attempts > 0) {
        const found = await lookUp(request.orderId, 'sim');
        if (found) return await delivered(db, target, found);
        if (!mayOrderAgain(row, asyncMode)) return pending;
      }
    } catch (error) {
      if (error instanceof AiraloUnavailable) {
        log.warn({ err: error, orderId: request.orderId }, 'Airalo order lookup failed; asked again later');
        return pending;
      }
      throw error;
    }
    return place(db, request, row, target);
  }

  /** Sends the order: `row` to claim first, or null when this driver opened it claimed. */
  async function place(
    db: Knex,
    request: ProvisionRequest,
    row: SupplierOrderRow | null,
    target: DeliveryTarget,
  ): Promise<ProvisionResult> {
    if (row && !(await claim(db, row))) return pending;
    const path = asyncMode ? '/orders-async' : '/orders';
    let answer: AiraloAnswer;
    try {
      answer = await client.request('POST', path, {
        json: {
          package_id: request.supplierPackageId,
          quantity: request.quantity,
          type: 'sim',
          description: request.orderId,
          ...(asyncMode ? { webhook_url: settings.webhookUrl } : {}),
        },
        timeoutMs: settings.orderTimeoutMs,
      });
    } catch (error) {
      return afterNoAnswer(db, request.orderId, target, error);
    }
    if (answer.status === 200 && !asyncMode) {
      const order = parseOrder(isObject(answer.body) ? answer.body.data : null, settings.eurPerUsd);
      if (order && order.sims.length > 0)
        return request.recordsDelivery ? handedBack(target, order, request.quantity) : delivered(db, target, order);
      await note(db, request.orderId, 'answered', `unreadable order answer (${answer.status})`);
      return lookUpOr(db, request.orderId, target);
    }
    if ((answer.status === 202 || answer.status === 200) && asyncMode) {
      const data = isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : {};
      const requestId = typeof data.request_id === 'string' ? data.request_id : null;
      await db('supplier_orders').where({ order_id: request.orderId, status: 'placing' }).update({
        status: 'placed',
        request_ref: requestId,
        failure_detail: null,
        placed_at: db.fn.now(),
        updated_at: db.fn.now(),
      });
      return pending;
    }
    return afterRefusal(db, request.orderId, answer, false, {
      unknown: () => lookUpOr(db, request.orderId, target),
      notSent: async () => pending,
    });
  }

  /** The order's answer was lost: look it up at once when it may have reached Airalo (a synchronous one is listed by then). */
  async function afterNoAnswer(db: Knex, orderId: string, target: DeliveryTarget, error: unknown) {
    if (error instanceof AiraloNoAnswer) {
      await note(db, orderId, error.maybeSent ? 'no_answer' : 'not_sent', error.message);
      log.warn({ err: error, orderId }, 'Airalo order call got no answer');
      return error.maybeSent && !asyncMode ? lookUpOr(db, orderId, target) : pending;
    }
    // The token could not be had (its rate limit, our credentials): the order was never sent.
    if (error instanceof AiraloUnavailable || error instanceof AiraloAuthFailed)
      await note(db, orderId, 'not_sent', (error as Error).message);
    if (error instanceof AiraloUnavailable) return pending;
    throw error;
  }

  async function lookUpOr(db: Knex, orderId: string, target: DeliveryTarget): Promise<ProvisionResult> {
    try {
      const found = await lookUp(orderId, 'sim');
      return found ? await delivered(db, target, found) : pending;
    } catch (error) {
      if (error instanceof AiraloUnavailable) return pending;
      throw error;
    }
  }

  /** An answer other than success: Airalo's refusal (nothing bought), its rate limit, or its error. */
  async function afterRefusal<T>(
    db: Knex,
    orderId: string,
    answer: AiraloAnswer,
    topUp: boolean,
    then: { unknown: () => Promise<T>; notSent: () => Promise<T> },
  ): Promise<T | { ok: false; reason: SupplierRefusal | 'esim_provider_failed' }> {
    if (answer.status === 429) {
      // Airalo's rate limiter answers before anything is bought.
      await note(db, orderId, 'not_sent', `429, retry after ${answer.retryAfterSeconds ?? '?'} s`);
      return then.notSent();
    }
    if (answer.status >= 500) {
      await note(db, orderId, 'answered', `HTTP ${answer.status}`);
      log.warn({ orderId, status: answer.status }, 'Airalo answered an order with a server error');
      return then.unknown();
    }
    const refusal = refusalOf(answer.body, topUp);
    if (answer.status !== 422)
      log.error({ orderId, status: answer.status, detail: refusal.detail }, 'Airalo refused an order call');
    await fail(db, orderId, {
      reason: answer.status === 422 ? refusal.reason : 'esim_provider_failed',
      detail: `HTTP ${answer.status} ${refusal.detail}`,
    });
    return { ok: false, reason: answer.status === 422 ? refusal.reason : 'esim_provider_failed' };
  }

  // ── top-ups ──

  type TopUpOutcome = TopUpResult | 'unknown';

  /** The top-up bought: its order marked delivered and the bundle added to our eSIM, in one transaction. */
  async function finishTopUp(db: Knex, request: TopUpRequest, order: AiraloOrder | null): Promise<TopUpResult> {
    const result = await db.transaction(async (trx) => {
      const row = await trx('supplier_orders').where({ order_id: request.orderId }).forUpdate().first('status');
      if (row?.status !== 'delivered' && order)
        await trx('supplier_orders')
          .where({ order_id: request.orderId })
          .update({
            status: 'delivered',
            supplier_order_ref: order.id,
            cost_cents: order.costCents,
            failure_code: null,
            failure_detail: null,
            placed_at: trx.raw('coalesce(placed_at, now())'),
            delivered_at: trx.fn.now(),
            updated_at: trx.fn.now(),
          });
      return addBundle(trx, request);
    });
    if (!result.ok)
      log.error(
        { orderId: request.orderId, iccid: request.iccid, reason: result.reason },
        'Airalo sold a top-up our eSIM no longer takes',
      );
    return result;
  }

  /** The top-ups Airalo lists for this very eSIM, or why it lists none. */
  async function listedTopUps(iccid: string): Promise<string[] | Refusal> {
    const answer = await client.request('GET', `/sims/${encodeURIComponent(iccid)}/topups`);
    if (answer.status === 200)
      return listOf(isObject(answer.body) ? answer.body.data : null).flatMap((pkg) =>
        isObject(pkg) && typeof pkg.id === 'string' ? [pkg.id] : [],
      );
    if (answer.status === 404)
      return { reason: 'supplier_top_up_unavailable', detail: 'Airalo does not know this eSIM' };
    if (answer.status === 422) return refusalOf(answer.body, true);
    throw unavailable('top-up list', answer);
  }

  async function topUpOne(db: Knex, request: TopUpRequest): Promise<TopUpOutcome> {
    const row = await ensureRow(db, request.orderId, 'top_up', request.supplierPackageId, 1);
    if (row.status === 'delivered') return finishTopUp(db, request, null);
    if (row.status === 'failed' || row.status === 'cancelled')
      return {
        ok: false,
        reason: (row.failure_code as SupplierRefusal | 'esim_top_up_not_allowed' | null) ?? 'esim_provider_failed',
      };
    try {
      if (row.attempts > 0) {
        const found = await lookUp(request.orderId, 'topup');
        if (found) return await finishTopUp(db, request, found);
        if (!mayOrderAgain(row, false)) return 'unknown';
      }
      // Our eSIM first: one that ended takes nothing, and nothing is bought for it.
      const profile = await db('profiles')
        .where({ id: request.profileId })
        .first('status', 'expires_at', 'refunded_at');
      if (!profile || topUpRefusal(profile)) {
        await fail(db, request.orderId, { reason: 'esim_top_up_not_allowed', detail: 'our eSIM takes no top-up' });
        return { ok: false, reason: 'esim_top_up_not_allowed' };
      }
      const listed = await listedTopUps(request.iccid);
      if (!Array.isArray(listed) || !listed.includes(request.supplierPackageId)) {
        const refusal = Array.isArray(listed)
          ? {
              reason: 'supplier_top_up_unavailable' as const,
              detail: `${request.supplierPackageId} is not among ${listed.join(', ') || 'none'}`,
            }
          : listed;
        await fail(db, request.orderId, refusal);
        return { ok: false, reason: refusal.reason };
      }
    } catch (error) {
      if (error instanceof AiraloUnavailable) return 'unknown';
      throw error;
    }
    if (!(await claim(db, row))) return 'unknown';
    let answer: AiraloAnswer;
    try {
      answer = await client.request('POST', '/orders/topups', {
        json: { package_id: request.supplierPackageId, iccid: request.iccid, description: request.orderId },
        timeoutMs: settings.orderTimeoutMs,
      });
    } catch (error) {
      if (error instanceof AiraloNoAnswer) {
        await note(db, request.orderId, error.maybeSent ? 'no_answer' : 'not_sent', error.message);
        return error.maybeSent ? topUpLookUp(db, request) : 'unknown';
      }
      if (error instanceof AiraloUnavailable || error instanceof AiraloAuthFailed)
        await note(db, request.orderId, 'not_sent', (error as Error).message);
      if (error instanceof AiraloUnavailable) return 'unknown';
      throw error;
    }
    if (answer.status === 200) {
      const order = parseOrder(isObject(answer.body) ? answer.body.data : null, settings.eurPerUsd);
      return finishTopUp(
        db,
        request,
        order ?? {
          id: '',
          code: null,
          type: 'topup',
          description: request.orderId,
          packageId: request.supplierPackageId,
          sims: [],
          costCents: null,
        },
      );
    }
    return afterRefusal<TopUpOutcome>(db, request.orderId, answer, true, {
      unknown: () => topUpLookUp(db, request),
      notSent: async () => 'unknown',
    });
  }

  async function topUpLookUp(db: Knex, request: TopUpRequest): Promise<TopUpOutcome> {
    try {
      const found = await lookUp(request.orderId, 'topup');
      return found ? await finishTopUp(db, request, found) : 'unknown';
    } catch (error) {
      if (error instanceof AiraloUnavailable) return 'unknown';
      throw error;
    }
  }

  return {
    async provision(db: Knex, requests: ProvisionRequest[]): Promise<ProvisionResult[]> {
      return mapLimit(requests, CONCURRENCY, (request) => provisionOne(db, request));
    },

    /**
     * Each top-up bought and added, or refused with nothing bought. A top-up whose outcome is not known
     * yet (its answer lost and Airalo not listing it) makes the call throw once the others are done:
     * the saga keeps the order and asks again, and the lookup comes first then.
     */
    async topUp(db: Knex, requests: TopUpRequest[]): Promise<TopUpResult[]> {
      const outcomes = await mapLimit(requests, CONCURRENCY, (request) => topUpOne(db, request));
      const unknown = requests.filter((_, i) => outcomes[i] === 'unknown').map((request) => request.orderId);
      if (unknown.length > 0)
        throw new AiraloUnavailable(`Airalo top-up outcome not known yet for ${unknown.join(', ')}`);
      return outcomes as TopUpResult[];
    },

    /** An asynchronous order's eSIMs (from its webhook): stored for the order named in its description or by its request id. */
    async deliverAsync(db: Knex, order: AiraloOrder, requestId: string | null): Promise<string | null> {
      const target = await targetOf(db, order.description, requestId);
      if (!target) return null;
      await storeDelivery(db, target, order, requestId ?? undefined);
      return target.orderId;
    },

    /** An asynchronous order Airalo could not make: failed with its refusal (nothing bought). */
    async failAsync(
      db: Knex,
      description: string | null,
      requestId: string | null,
      body: unknown,
    ): Promise<string | null> {
      const target = await targetOf(db, description, requestId);
      if (!target) return null;
      await fail(db, target.orderId, refusalOf(body, false));
      return target.orderId;
    },
  };
}

/** Our order an Airalo order belongs to (its description, else the asynchronous request's id) and where its eSIMs go. */
async function targetOf(
  db: Knex,
  description: string | null,
  requestId: string | null,
): Promise<DeliveryTarget | null> {
  const query = db('supplier_orders as s')
    .join('orders as o', 'o.id', 's.order_id')
    .where('s.supplier', 'airalo')
    .where('s.kind', 'purchase');
  const row = (await (
    description && UUID.test(description)
      ? query.where('s.order_id', description)
      : requestId
        ? query.where('s.request_ref', requestId)
        : query.whereRaw('false')
  ).first('o.id', 'o.user_id', 'o.package_code', 'o.data_mb')) as
    { id: string; user_id: string; package_code: string; data_mb: number | null } | undefined;
  if (!row) return null;
  return {
    orderId: row.id,
    userId: row.user_id,
    packageCode: row.package_code,
    dataTotalBytes: row.data_mb === null ? null : Number(row.data_mb) * MB,
  };
}

function unavailable(what: string, answer: AiraloAnswer): AiraloUnavailable {
  return new AiraloUnavailable(`Airalo ${what}: answered ${answer.status}`, answer.retryAfterSeconds);
}
