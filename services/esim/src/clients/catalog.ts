import { createInternalClient, type BaseUrls, type InternalClient } from '@esim/platform';

/** The catalog's /internal API: its packages and a buyer's quote (through orders/quotes.ts). */
export function createCatalogClient(options: { baseUrl: BaseUrls; token: string }): InternalClient {
  return createInternalClient({
    baseUrl: options.baseUrl,
    token: options.token,
    // A quote is a read sent as a POST.
    idempotent: (method, path) => method === 'POST' && path === '/internal/quote',
  });
}
