import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InternalClient } from '@esim/platform';
import { createQuoteCache, type Quote } from '../src/orders/quotes';

/**
 * The quote cache's timing, against a stand-in for the catalog's /internal/quote that counts the
 * questions and answers a price that changes with each one (the real catalog's answers are tested
 * in tests/flows/esim-orders.test.ts, on the running system).
 */
function countingCatalog() {
  let asked = 0;
  const client: InternalClient = {
    async request<T>() {
      asked += 1;
      const price = 1000 + asked;
      return {
        unit_price_cents: price,
        total_cents: price,
        quantity: 1,
        currency: 'EUR',
        price_source: 'retail',
        package: {
          id: 'p',
          code: 'US-7D-3GB',
          name_tr: '',
          name_en: '',
          type: 'local',
          kind: 'esim',
          countries: ['US'],
          data_mb: 3072,
          validity_days: 7,
          retail_price_cents: price,
          features: [],
          provider_ref: null,
          supplier: 'pool',
          supplier_package_id: null,
        },
      } satisfies Quote as T;
    },
    async close() {},
  };
  return { client, asked: () => asked };
}

const buyer = { userId: 'u1', packageId: 'p', quantity: 1 };

describe('the quote cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a buyer buying again from the cache, refreshes in the background after half the time, and never serves a quote older than the time', async () => {
    vi.useFakeTimers({ now: 0 });
    const catalog = countingCatalog();
    const quotes = createQuoteCache(catalog.client, 2_000);
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1001);
    vi.setSystemTime(900);
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1001);
    expect(catalog.asked()).toBe(1);
    // Past half the time: this purchase still uses its quote, and the catalog is asked again meanwhile.
    vi.setSystemTime(1_100);
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1001);
    await vi.runAllTimersAsync();
    expect(catalog.asked()).toBe(2);
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1002);
    // An idle buyer whose quote ran out waits for a fresh one.
    vi.setSystemTime(10_000);
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1003);
    expect((await quotes.quote({ ...buyer, quantity: 3 })).total_cents).toBe(3 * 1003);
  });

  it('forgets everything on a catalog event, also a refresh that was under way', async () => {
    vi.useFakeTimers({ now: 0 });
    const catalog = countingCatalog();
    const quotes = createQuoteCache(catalog.client, 2_000);
    await quotes.quote(buyer);
    vi.setSystemTime(1_500);
    await quotes.quote(buyer);
    quotes.clear();
    await vi.runAllTimersAsync();
    expect((await quotes.quote(buyer)).unit_price_cents).toBe(1003);
    expect(catalog.asked()).toBe(3);
  });
});
