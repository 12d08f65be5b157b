import { createInternalClient, type InternalClient } from '@esim/platform';

/** The balance service's /internal API: holds and their void, payments, a buyer's balance and refunds. */
export function createBalanceClient(options: { baseUrl: string; token: string }): InternalClient {
  return createInternalClient({ baseUrl: options.baseUrl, token: options.token });
}
