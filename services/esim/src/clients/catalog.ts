import { createInternalClient, type InternalClient } from '@esim/platform';

/** The catalog's /internal API: its packages and a buyer's quote (through orders/quotes.ts). */
export function createCatalogClient(options: { baseUrl: string; token: string }): InternalClient {
  return createInternalClient({ baseUrl: options.baseUrl, token: options.token });
}
