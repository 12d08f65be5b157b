import { AppError, createInternalClient, type BaseUrls } from '@esim/platform';

/** A dealer's money as the dealer list sorts by it (the balance service owns it). */
export interface DealerFigure {
  dealer_id: string;
  balance_cents: number;
  owed_cents: number;
}

export interface DealerFigures {
  of(dealerIds: readonly string[], requestId?: string): Promise<Map<string, DealerFigure>>;
  close(): Promise<void>;
}

/**
 * Asks the balance service's `/internal/dealers/figures` for the dealers named. Without an answer
 * the list cannot be put in money order, so it is refused (503) rather than shown in another order.
 */
export function createDealerFigures(options: { balanceUrl: BaseUrls; token: string }): DealerFigures {
  const balance = createInternalClient({
    baseUrl: options.balanceUrl,
    token: options.token,
    connections: 4,
    // Figures are a read sent as a POST (the ids may be many).
    idempotent: (method, path) => method === 'POST' && path === '/internal/dealers/figures',
  });
  return {
    async of(dealerIds, requestId) {
      if (dealerIds.length === 0) return new Map();
      let rows: DealerFigure[];
      try {
        rows = await balance.request<DealerFigure[]>('POST', '/internal/dealers/figures', {
          body: { ids: dealerIds },
          requestId,
        });
      } catch (error) {
        throw new AppError(503, 'dealer_figures_unavailable', { cause: error });
      }
      if (!Array.isArray(rows)) throw new AppError(503, 'dealer_figures_unavailable');
      return new Map(rows.map((row) => [row.dealer_id, row]));
    },
    close: () => balance.close(),
  };
}
