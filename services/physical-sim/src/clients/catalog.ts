import type { InternalQuote } from '@esim/contracts';
import { createInternalClient, notFound, type BaseUrls, type InternalClient } from '@esim/platform';

/**
 * The catalog's Plus packages (package kind `plus`: a physical card with its included data) and the
 * price a buyer pays for them, over the catalog's /internal routes. Always read live: a price
 * someone is charged must be current.
 */
export interface PlusPackage {
  id: string;
  code: string;
  name: string;
  data_mb: number | null;
  /** Validity in days. */
  duration: number;
  countries: string[];
  price: number;
  retail_price: number;
  dealer_price: number | null;
  price_source: 'retail' | 'dealer';
}

/** The catalog's answer to /internal/quote, declared in contracts. */
export type Quote = InternalQuote;

export interface CatalogClient {
  plusPackages(userId: string, locale?: string, requestId?: string): Promise<PlusPackage[]>;
  quote(input: { userId: string; packageId: string; quantity: number }, requestId?: string): Promise<Quote>;
}

export function createCatalogClient(options: { baseUrl: BaseUrls; token: string }): CatalogClient {
  const client: InternalClient = createInternalClient({
    baseUrl: options.baseUrl,
    token: options.token,
    // A quote is a read sent as a POST.
    idempotent: (method, path) => method === 'POST' && path === '/internal/quote',
  });
  return {
    plusPackages(userId, _locale, requestId) {
      return client.request<PlusPackage[]>(
        'GET',
        `/internal/packages?kind=plus&user_id=${encodeURIComponent(userId)}`,
        { requestId },
      );
    },
    async quote(input, requestId) {
      const quote = await client.request<Quote>('POST', '/internal/quote', {
        requestId,
        body: { user_id: input.userId, package_id: input.packageId, quantity: input.quantity, kind: 'plus' },
      });
      if (quote.package.kind !== undefined && quote.package.kind !== 'plus') throw notFound('plus_package_not_found');
      return quote;
    },
  };
}
