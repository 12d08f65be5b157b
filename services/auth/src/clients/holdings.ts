import { AppError, createInternalClient, type BaseUrls } from '@esim/platform';

/** What a dealer still holds elsewhere: money in the balance service, SIM cards in physical-sim. */
export interface Holdings {
  hasMoney: boolean;
  hasStock: boolean;
  balanceCents: number | null;
  receivableCents: number | null;
  cardCount: number | null;
}

export interface HoldingsChecker {
  check(dealerId: string, requestId?: string): Promise<Holdings>;
}

const unsure = (cause: unknown) => new AppError(503, 'dealer_holdings_unavailable', { cause });

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Asks both services synchronously (the admin is waiting for the answer) through their
 * `/internal/dealers/:id/holdings`. A dealer is deleted only on two clear "nothing held" answers:
 * an unreachable service or an answer we cannot read refuses the deletion (503) rather than guess.
 * The one exception: physical-sim without that route yet (404 route_not_found) holds no stock.
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
    let answer: { hasMoney?: unknown; balanceCents?: unknown; receivableCents?: unknown };
    try {
      answer = await balance.request('GET', path(dealerId), { requestId });
    } catch (error) {
      throw unsure(error);
    }
    if (typeof answer?.hasMoney !== 'boolean') throw unsure(new Error('balance holdings answer without hasMoney'));
    return {
      hasMoney: answer.hasMoney,
      balanceCents: isCount(answer.balanceCents) ? answer.balanceCents : null,
      receivableCents: isCount(answer.receivableCents) ? answer.receivableCents : null,
    };
  }

  async function stock(dealerId: string, requestId?: string) {
    let answer: { hasStock?: unknown; cardCount?: unknown };
    try {
      answer = await physicalSim.request('GET', path(dealerId), { requestId });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404 && error.code === 'route_not_found') {
        return { hasStock: false, cardCount: null };
      }
      throw unsure(error);
    }
    if (typeof answer?.hasStock !== 'boolean') throw unsure(new Error('physical-sim holdings answer without hasStock'));
    return { hasStock: answer.hasStock, cardCount: isCount(answer.cardCount) ? answer.cardCount : null };
  }

  return {
    async check(dealerId, requestId) {
      const [m, s] = await Promise.all([money(dealerId, requestId), stock(dealerId, requestId)]);
      return { ...m, ...s };
    },
  };
}
