import type { Knex } from 'knex';
import type { Redis } from '@esim/platform';
import type { EsimConfig } from '../../config';
import type { ProviderStatus } from '../../provider/port';
import { SupplierUnsupported, type Supplier } from '../../provider/supplier';
import { createCatalogue } from './catalogue';
import { AiraloUnavailable, createAiraloClient } from './client';
import { createOrdering, type AiraloLog } from './orders';
import { createRefunds } from './refunds';
import { createUsage, statusOf } from './usage';
import { createWebhooks } from './webhook';

export { AiraloAuthFailed, AiraloNoAnswer, AiraloUnavailable } from './client';
export { signatureMatches } from './webhook';
export type { AiraloLog } from './orders';

export interface AiraloSupplierOptions {
  config: Pick<EsimConfig, 'AIRALO_CLIENT_ID' | 'AIRALO_CLIENT_SECRET' | 'AIRALO_BASE_URL' | 'SUPPLIER_EUR_PER_USD'>;
  /** The service's Redis (its key prefix applied): the token, usage figures and lookups are shared there. */
  redis: Redis;
  log: AiraloLog;
  /** The public address of our Airalo webhook (asynchronous orders; the opt-ins of optIn()). */
  webhookUrl?: string;
  /** sync (default): an order's answer carries its eSIMs; async: POST /v2/orders-async, the eSIMs come to webhookUrl. */
  orders?: 'sync' | 'async';
  /** Per call (default 20 s); an order call (default 60 s): Airalo makes the eSIMs while we wait. */
  timeoutMs?: number;
  orderTimeoutMs?: number;
  /** A synchronous order whose answer was lost and that Airalo does not list is sent again only after this long (default 5 minutes). */
  reorderAfterMs?: number;
  /** An accepted asynchronous order is looked up at most this often while its webhook is awaited (default 1 minute). */
  lookupEveryMs?: number;
  /** Usage figures are reused this long (default 20 minutes, how often Airalo refreshes them). */
  usageCacheMs?: number;
  /** Usage requests per ICCID and minute (default 10, Airalo's limit). */
  usageRequestsPerMinute?: number;
  /** A token is reused at most this long (default 12 hours; less when Airalo says it expires sooner). */
  tokenCacheMs?: number;
  /** Countries per page when the package list is read (default 1000: the whole list in one or a few calls). */
  packagesPageSize?: number;
  /** One eSIM's top-up list is reused this long for its panel (default 5 minutes; a top-up asks Airalo again). */
  topUpsCacheMs?: number;
}

export type AiraloNotification = 'async_orders' | 'webhook_low_data' | 'webhook_credit_limit';

export interface AiraloSupplier extends Supplier {
  readonly name: 'airalo';
  /**
   * Opts our webhook in to Airalo's notifications (Airalo first checks the address with a HEAD request,
   * so the webhook route must answer HEAD with 200). The credit-limit warning fires at `creditLevels` percent.
   */
  optIn(types?: AiraloNotification[], creditLevels?: number[]): Promise<void>;
}

/**
 * The Airalo Partner API v2 behind the supplier port (provider/supplier.ts). Ordering, top-ups,
 * webhooks, usage, refunds and the catalogue each live in their own module here; this joins them.
 */
export function airaloSupplier(options: AiraloSupplierOptions): AiraloSupplier {
  const { config, redis, log } = options;
  if (!config.AIRALO_CLIENT_ID || !config.AIRALO_CLIENT_SECRET)
    throw new Error('airaloSupplier needs AIRALO_CLIENT_ID and AIRALO_CLIENT_SECRET');
  const mode = options.orders ?? 'sync';
  if (mode === 'async' && !options.webhookUrl) throw new Error('airaloSupplier: asynchronous orders need a webhookUrl');
  const eurPerUsd = config.SUPPLIER_EUR_PER_USD;
  const client = createAiraloClient({
    baseUrl: config.AIRALO_BASE_URL,
    clientId: config.AIRALO_CLIENT_ID,
    clientSecret: config.AIRALO_CLIENT_SECRET,
    redis,
    timeoutMs: options.timeoutMs ?? 20_000,
    tokenCacheMs: options.tokenCacheMs ?? 12 * 3600 * 1000,
  });
  const ordering = createOrdering({
    client,
    redis,
    log,
    eurPerUsd,
    mode,
    webhookUrl: options.webhookUrl ?? null,
    orderTimeoutMs: options.orderTimeoutMs ?? 60_000,
    reorderAfterMs: options.reorderAfterMs ?? 5 * 60_000,
    lookupEveryMs: options.lookupEveryMs ?? 60_000,
  });
  const usage = createUsage({
    client,
    redis,
    cacheMs: options.usageCacheMs ?? 20 * 60_000,
    perIccidPerMinute: options.usageRequestsPerMinute ?? 10,
  });
  const catalogue = createCatalogue({
    client,
    log,
    redis,
    eurPerUsd,
    pageSize: options.packagesPageSize ?? 1000,
    topUpsCacheMs: options.topUpsCacheMs ?? 5 * 60_000,
  });
  const refunds = createRefunds({ client, log });
  const webhooks = createWebhooks({ clientSecret: config.AIRALO_CLIENT_SECRET, eurPerUsd, log, ordering, usage });

  return {
    name: 'airalo',
    // POST /v2/orders takes a quantity of 1 to 50.
    maxPerOrder: 50,
    // Airalo's orders have no idempotency key: the claimed row is written before the call, with the reservation.
    opensWithReservation: ['airalo'],
    provision: ordering.provision,
    topUp: ordering.topUp,

    async usage(db: Knex, iccid: string) {
      const profile = (await db('profiles')
        .where({ iccid, supplier: 'airalo' })
        .orderBy('created_at', 'desc')
        .first('data_used_bytes')) as { data_used_bytes: string | number } | undefined;
      if (!profile) return undefined;
      const status = statusOf(await usage.snapshot(iccid));
      if (status.state === 'unknown' && status.updatedAt === null) return undefined;
      // Airalo gives no figures for an unlimited eSIM: what we recorded stands.
      return {
        usedBytes: status.usedBytes ?? Number(profile.data_used_bytes),
        totalBytes: status.totalBytes,
      };
    },

    async esimStatus(_db: Knex, profile: { id: string; iccid: string }) {
      return statusOf(await usage.snapshot(profile.iccid));
    },

    async setStatus(_db: Knex | Knex.Transaction, _iccid: string, status: ProviderStatus) {
      throw new SupplierUnsupported(
        'airalo',
        status === 'suspended' ? 'suspend' : status === 'active' ? 'resume' : 'revoke',
      );
    },

    revoke: refunds.revoke,
    offers: catalogue.offers,
    topUpOffers: catalogue.topUpOffers,
    balance: catalogue.balance,
    webhook: webhooks.handle,

    async registerWebhook() {
      await this.optIn();
    },

    async optIn(types = ['async_orders', 'webhook_low_data', 'webhook_credit_limit'], creditLevels = [50, 70, 80, 90]) {
      if (!options.webhookUrl) throw new Error('airaloSupplier: opting in needs a webhookUrl');
      for (const type of types) {
        const answer = await client.request('POST', '/notifications/opt-in', {
          json: {
            type,
            webhook_url: options.webhookUrl,
            ...(type === 'webhook_credit_limit' ? { levels: creditLevels } : {}),
          },
        });
        if (answer.status !== 200)
          throw new AiraloUnavailable(
            `Airalo opt-in ${type}: answered ${answer.status} ${JSON.stringify(answer.body)}`,
          );
      }
    },
  };
}
