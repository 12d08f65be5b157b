import { createInternalClient, type BaseUrls } from '@esim/platform';

/** The balance service's holds API (/internal/holds: idempotent by order id; 422 insufficient_balance when it cannot be afforded). */
export interface BalanceClient {
  hold(
    input: { orderId: string; userId: string; amountCents: number; reference: string },
    requestId?: string,
  ): Promise<{ id: string }>;
  /** What a buyer may spend, and what is left of a credit limit where there is one (formatted, for a refusal). */
  available(userId: string, requestId?: string): Promise<{ available: string; credit_left?: string }>;
}

export function createBalanceClient(options: { baseUrl: BaseUrls; token: string }): BalanceClient {
  const client = createInternalClient({
    baseUrl: options.baseUrl,
    token: options.token,
    // A hold is idempotent by its order id.
    idempotent: (method, path) => method === 'POST' && path === '/internal/holds',
  });
  return {
    hold(input, requestId) {
      return client.request<{ id: string }>('POST', '/internal/holds', {
        requestId,
        body: {
          order_id: input.orderId,
          user_id: input.userId,
          amount_cents: input.amountCents,
          reference: input.reference,
        },
      });
    },
    async available(userId, requestId) {
      const answer = await client.request<{ available: string; credit_left?: string }>(
        'GET',
        `/internal/users/${encodeURIComponent(userId)}/available`,
        { requestId },
      );
      return { available: answer.available, ...(answer.credit_left ? { credit_left: answer.credit_left } : {}) };
    },
  };
}
