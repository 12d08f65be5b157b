import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export interface PartnerClientOptions {
  /** The shop's address, e.g. https://shop.example.com (the routes carry their `/api` prefix). */
  baseUrl: string;
  /** The dealer's API key from the back office, `esk_live_...`. */
  apiKey: string;
  /** The language of the answers' messages (Turkish by default). */
  locale?: 'tr' | 'en';
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: ClientOptions['fetch'];
}

export type PartnerClient = Client<paths>;

/**
 * A typed client of the dealer's routes (packages, buying, orders and QR codes, usage, top-ups,
 * refunds, balance, Plus cards, webhooks): every path, body and answer is checked by TypeScript
 * against the shop's OpenAPI document. Buying and top-ups need an `Idempotency-Key` header each call.
 */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  if (!options.apiKey.startsWith('esk_')) throw new Error('apiKey must be an API key (esk_live_...)');
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      authorization: `Bearer ${options.apiKey}`,
      ...(options.locale ? { 'accept-language': options.locale } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
