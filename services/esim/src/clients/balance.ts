import { createInternalClient, type BaseUrls, type InternalClient } from '@esim/platform';

/** Holds (by order id), their capture and void, and refunds (by refund key): the same call twice does it once. */
const IDEMPOTENT = /^\/internal\/(holds(\/[^/]+\/(capture|void))?|refunds)$/;

/** The balance service's /internal API: holds and their void, payments, a buyer's balance and refunds. */
export function createBalanceClient(options: { baseUrl: BaseUrls; token: string }): InternalClient {
  return createInternalClient({
    baseUrl: options.baseUrl,
    token: options.token,
    idempotent: (method, path) => method === 'POST' && IDEMPOTENT.test(path),
  });
}
