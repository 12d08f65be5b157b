import { createInternalClient, type InternalClient } from '@esim/platform';
import type { EsimConfig } from './config';
import type { EsimProvider } from './provider/port';

/** What the routes, the saga and the loops share. */
export interface EsimContext {
  config: EsimConfig;
  catalog: InternalClient;
  balance: InternalClient;
  provider: EsimProvider;
}

export function internalClients(config: EsimConfig) {
  return {
    catalog: createInternalClient({ baseUrl: config.CATALOG_URL, token: config.INTERNAL_SERVICE_TOKEN }),
    balance: createInternalClient({ baseUrl: config.BALANCE_URL, token: config.INTERNAL_SERVICE_TOKEN }),
  };
}
