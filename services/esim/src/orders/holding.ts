import type { InternalHold, InternalHoldsBatchAnswer } from '@esim/contracts';
import { AppError, GroupCommit, type InternalClient } from '@esim/platform';

/** The hold an order asks the balance service for (keyed by the order id: asking again gets the same hold). */
export interface HoldRequest {
  order_id: string;
  user_id: string;
  amount_cents: number;
  reference: string;
}

export interface Holding {
  /** The order's hold, or the balance service's refusal as the AppError a call of its own would throw. */
  hold(request: HoldRequest): Promise<InternalHold>;
}

/**
 * The holds of orders placed at the same moment go to the balance service together, in one call
 * of POST /internal/holds/batch (one ledger batch there) instead of a call each. Each order gets its
 * own answer; a refusal is that order's. When the call itself fails (the service down or timing
 * out), every order of the batch gets that 503 and waits for the recovery loop, as with a call of
 * its own: asking again order by order would only wait out the same failure once per order.
 * (`balance`: the context's client at the time of each call.)
 */
export function createHolding(balance: () => InternalClient): Holding {
  const commits = new GroupCommit<HoldRequest, InternalHold | AppError>(
    async (batch) => {
      const { results } = await balance().request<InternalHoldsBatchAnswer>('POST', '/internal/holds/batch', { body: { holds: batch } });
      return results.map((result) => (result.hold ?? new AppError(result.status_code, result.code ?? 'esim_payment_refused')));
    },
    { isolateFailures: false },
  );
  return {
    async hold(request) {
      const answer = await commits.submit(request);
      if (answer instanceof AppError) throw answer;
      return answer;
    },
  };
}
