import type { InternalQuote } from '@esim/contracts';
import { AppError, notFound, type InternalClient } from '@esim/platform';

/** The catalog's answer to /internal/quote, declared in contracts. */
export type Quote = InternalQuote;

/** What a quote is for: a new eSIM, or data added to one the buyer has (which may also be a top-up-only package). */
export type QuotePurpose = 'purchase' | 'top_up';

/** A quote of a kind the purpose cannot sell is refused, so an order is never placed (nor money held) for it. */
function sellableFor(purpose: QuotePurpose) {
  return (quote: Quote): Quote => {
    const kinds = purpose === 'top_up' ? ['esim', 'top_up'] : ['esim'];
    if (!kinds.includes(quote.package.kind)) throw notFound('package_not_found');
    return quote;
  };
}

/** The catalog's refusal of a top-up-only package as a new eSIM, naming the field (its internal answer carries the code only). */
function namingThePackage(error: unknown): never {
  if (error instanceof AppError && error.code === 'package_top_up_only')
    throw new AppError(422, error.code, { errors: [{ path: 'package_id', message: error.code }] });
  throw error;
}

export interface QuoteCache {
  /** The buyer's own price of a package for `quantity`, from the catalog or a recent answer to the same buyer. */
  quote(
    input: { userId: string; packageId: string; quantity: number; purpose?: QuotePurpose },
    requestId?: string,
  ): Promise<Quote>;
  /** Forgets every quote (a catalog price or package event). */
  clear(): void;
}

/**
 * A buyer who buys again within `ttlMs` pays the price the catalog quoted them moments ago, without
 * asking again: the key is the buyer and the package, so a price is only ever the buyer's own (a
 * dealer's override or retail). A failed quote (unknown or inactive package) is never kept, and
 * catalog events about packages and dealer prices clear the whole cache, so a change reaches buyers
 * at once in the process that consumed the event and within `ttlMs` in any other.
 *
 * A buyer who keeps buying never waits for the catalog: once half the time is up, their next
 * purchase still uses the quote (younger than `ttlMs`) and asks the catalog again in the background
 * for the ones after it. Without that, the quotes of buyers who started together all ran out
 * together, and each time that many purchases queued at the catalog at once (bench:purchase's p99).
 */
export function createQuoteCache(catalog: InternalClient, ttlMs: number): QuoteCache {
  interface Entry {
    unit: Promise<Quote>;
    until: number;
    /** From then on, a use asks the catalog again in the background (once). */
    refreshAt: number;
    refreshing?: boolean;
  }
  const entries = new Map<string, Entry>();
  let generation = 0;
  const remember = (key: string, unit: Promise<Quote>, asked: number, now: number): Entry => {
    if (entries.size >= 10_000) entries.clear();
    const entry: Entry = { unit, until: now + ttlMs, refreshAt: now + ttlMs / 2 };
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
    return entry;
  };
  return {
    async quote(input, requestId) {
      const purpose = input.purpose ?? 'purchase';
      const ask = () =>
        catalog
          .request<Quote>('POST', '/internal/quote', {
            body: {
              user_id: input.userId,
              package_id: input.packageId,
              quantity: input.quantity,
              // A top-up asks for any kind and keeps the two it can sell.
              ...(purpose === 'purchase' ? { kind: 'esim' } : {}),
            },
            requestId,
          })
          .then(sellableFor(purpose), namingThePackage);
      if (ttlMs === 0) return ask();
      const key = `${purpose} ${input.userId} ${input.packageId}`;
      const now = Date.now();
      let entry = entries.get(key);
      if (!entry || entry.until <= now) {
        // Concurrent purchases of one buyer share one question.
        entry = remember(key, ask(), generation, now);
        const fresh = await entry.unit;
        // Asked with this request's quantity: its answer is this request's quote as is.
        if (fresh.quantity === input.quantity) return fresh;
      } else if (entry.refreshAt <= now && !entry.refreshing) {
        entry.refreshing = true;
        const stale = entry;
        const asked = generation;
        const unit = ask();
        // The fresh answer replaces this entry only once it has come (and nothing cleared the cache meanwhile).
        unit.then(
          () => {
            if (asked === generation && entries.get(key) === stale) remember(key, unit, asked, Date.now());
          },
          () => {
            stale.refreshing = false;
          },
        );
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
