import type { Knex } from 'knex';
import type { Seller } from '@esim/contracts';
import {
  createShopIdentityReader,
  type GroupCommit,
  type InternalClient,
  type ShopIdentityReader,
} from '@esim/platform';
import { createBalanceClient } from './clients/balance';
import { createCatalogClient } from './clients/catalog';
import type { EsimConfig } from './config';
import type { EsimProvider } from './provider/port';
import type { Supplier } from './provider/supplier';
import { createOrderPlacing, type NewOrder } from './orders/placing';
import { createProvisioning, type Provisioning } from './orders/provisioning';
import { createQuoteCache, type QuoteCache } from './orders/quotes';
import type { OrderRow } from './rows';

/** What the routes, the saga and the loops share. */
export interface EsimContext {
  config: EsimConfig;
  catalog: InternalClient;
  balance: InternalClient;
  /** The shop's identity from auth (the seller of every sale), kept 30 s in-process. */
  shop: ShopIdentityReader;
  provider: EsimProvider;
  /** The wholesale suppliers configured in this process (none: the pool sells alone). */
  suppliers: Supplier[];
  /** The buyers' recent prices (orders/quotes.ts). */
  quotes: QuoteCache;
  /** New orders, written together with others of the same moment (orders/placing.ts). */
  placing: GroupCommit<NewOrder, OrderRow | undefined>;
  /** Orders provisioned with others of the same moment; a supplier's each with its own supplier call (orders/provisioning.ts). */
  provisioning: Provisioning;
}

/** The group commits of the process: every request and the recovery loop share them. */
export function orderWrites(db: Knex, provider: EsimProvider, seller: () => Promise<Seller>) {
  return { placing: createOrderPlacing(db), provisioning: createProvisioning(db, provider, seller) };
}

export function internalClients(config: EsimConfig) {
  const catalog = createCatalogClient({ baseUrl: config.CATALOG_URL, token: config.INTERNAL_SERVICE_TOKEN });
  return {
    catalog,
    balance: createBalanceClient({ baseUrl: config.BALANCE_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    shop: createShopIdentityReader({ authUrl: config.AUTH_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    quotes: createQuoteCache(catalog, config.ESIM_QUOTE_CACHE_MS),
  };
}
