import { createInternalClient, type InternalClient } from '@esim/platform';
import type { EsimConfig } from './config';
import type { EsimProvider } from './provider/port';
import { createQuoteCache, type QuoteCache } from './orders/quotes';

/** What the routes, the saga and the loops share. */
export interface EsimContext {
  config: EsimConfig;
  catalog: InternalClient;
  balance: InternalClient;
  provider: EsimProvider;
  /** The buyers' recent prices (orders/quotes.ts). */
  quotes: QuoteCache;
}

export function internalClients(config: EsimConfig) {
  const catalog = createInternalClient({ baseUrl: config.CATALOG_URL, token: config.INTERNAL_SERVICE_TOKEN });
  return {
    catalog,
    balance: createInternalClient({ baseUrl: config.BALANCE_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    quotes: createQuoteCache(catalog, config.ESIM_QUOTE_CACHE_MS),
  };
}
