import type { InternalClient } from '@esim/platform';

/** The catalog's answer to /internal/quote (services/catalog/src/pricing/buyer-prices.ts). */
export interface Quote {
  unit_price_cents: number;
  total_cents: number;
  quantity: number;
  package: {
    id: string;
    code: string;
    name_tr: string;
    name_en: string;
    type: string;
    countries: string[];
    data_mb: number | null;
    validity_days: number;
  };
}

export interface QuoteCache {
  /** The buyer's own price of a package for `quantity`, from the catalog or a recent answer to the same buyer. */
  quote(input: { userId: string; packageId: string; quantity: number }, requestId?: string): Promise<Quote>;
  /** Forgets every quote (a catalog price or package event). */
  clear(): void;
}

/**
 * A buyer who buys again within `ttlMs` pays the price the catalog quoted them moments ago, without
 * asking again: the key is the buyer and the package, so a price is only ever the buyer's own (a
 * dealer's override or retail). A failed quote (unknown or inactive package) is never kept, and
 * catalog events about packages and dealer prices clear the whole cache, so a change reaches buyers
 * at once in the process that consumed the event and within `ttlMs` in any other.
 */
export function createQuoteCache(catalog: InternalClient, ttlMs: number): QuoteCache {
  const entries = new Map<string, { unit: Promise<Quote>; until: number }>();
  let generation = 0;
  return {
    async quote(input, requestId) {
      const ask = () =>
        catalog.request<Quote>('POST', '/internal/quote', {
          body: { user_id: input.userId, package_id: input.packageId, quantity: input.quantity },
          requestId,
        });
      if (ttlMs === 0) return ask();
      const key = `${input.userId} ${input.packageId}`;
      const now = Date.now();
      let entry = entries.get(key);
      if (!entry || entry.until <= now) {
        if (entries.size >= 10_000) entries.clear();
        const asked = generation;
        // Concurrent purchases of one buyer share one question.
        const unit = ask();
        entry = { unit, until: now + ttlMs };
        entries.set(key, entry);
        unit.then(
          () => {
            // Cleared while the catalog was answering: the answer may predate the change.
            if (asked !== generation && entries.get(key) === entry) entries.delete(key);
          },
          () => {
            if (entries.get(key) === entry) entries.delete(key);
          },
        );
        const fresh = await unit;
        // Asked with this request's quantity: its answer is this request's quote as is.
        if (fresh.quantity === input.quantity) return fresh;
      }
      const known = await entry.unit;
      return { ...known, quantity: input.quantity, total_cents: known.unit_price_cents * input.quantity };
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
