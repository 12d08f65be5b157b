import { moneyHoldingsSchema, stockHoldingsSchema } from '@esim/contracts';
import { AppError, createInternalClient, type BaseUrls } from '@esim/platform';

/** What a dealer still holds elsewhere: money in the balance service, SIM cards in physical-sim. */
export interface Holdings {
  hasMoney: boolean;
  hasStock: boolean;
  balanceCents: number;
  receivableCents: number;
  cardCount: number;
}

export interface HoldingsChecker {
  check(dealerId: string, requestId?: string): Promise<Holdings>;
}

const unsure = (cause: unknown) => new AppError(503, 'dealer_holdings_unavailable', { cause });

/**
 * Asks both services synchronously (the admin is waiting for the answer) through their
 * `/internal/dealers/:id/holdings`. A dealer is deleted only on two clear "nothing held" answers:
 * an unreachable service or an answer we cannot read refuses the deletion (503) rather than guess.
 */
export function createHoldingsChecker(options: {
  balanceUrl: BaseUrls;
  physicalSimUrl: BaseUrls;
  token: string;
  timeoutMs?: number;
}): HoldingsChecker {
  const balance = createInternalClient({
    baseUrl: options.balanceUrl,
    token: options.token,
    timeoutMs: options.timeoutMs,
  });
  const physicalSim = createInternalClient({
    baseUrl: options.physicalSimUrl,
    token: options.token,
    timeoutMs: options.timeoutMs,
  });
  const path = (dealerId: string) => `/internal/dealers/${encodeURIComponent(dealerId)}/holdings`;

  async function money(dealerId: string, requestId?: string) {
    let answer: unknown;
    try {
      answer = await balance.request('GET', path(dealerId), { requestId });
    } catch (error) {
      throw unsure(error);
    }
    const read = moneyHoldingsSchema.safeParse(answer);
    if (!read.success) throw unsure(read.error);
    const { hasMoney, balanceCents, receivableCents } = read.data;
    return { hasMoney, balanceCents, receivableCents };
  }

  async function stock(dealerId: string, requestId?: string) {
    let answer: unknown;
    try {
      answer = await physicalSim.request('GET', path(dealerId), { requestId });
    } catch (error) {
      throw unsure(error);
    }
    const read = stockHoldingsSchema.safeParse(answer);
    if (!read.success) throw unsure(read.error);
    return { hasStock: read.data.hasStock, cardCount: read.data.cardCount };
  }

  return {
    async check(dealerId, requestId) {
      const [m, s] = await Promise.all([money(dealerId, requestId), stock(dealerId, requestId)]);
      return { ...m, ...s };
    },
  };
}
