import { waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type CatalogApp } from '../src/app';
import { loadCatalogConfig } from '../src/config';
import { setup, type Fixture } from './support';

/** The in-memory public catalog: no database work when warm, fresh after writes here and elsewhere. */
let f: Fixture;
const others: CatalogApp[] = [];
beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  for (const app of others) await app.close();
  await f.app.close();
});

const dailyPrice = async (app: CatalogApp, slug: string) =>
  (await app.inject(`/public/countries/${slug}`)).json().data.price_per_day;

describe('public catalog cache', () => {
  it('serves warm requests without touching the database', async () => {
    await f.app.inject('/public/countries/united-states/packages'); // warm
    let queries = 0;
    const count = () => {
      queries += 1;
    };
    f.app.db.on('query', count);
    try {
      for (let i = 0; i < 20; i += 1) {
        const res = await f.app.inject('/public/countries/united-states/packages');
        expect(res.statusCode).toBe(200);
      }
      // Another query on the same snapshot is built from memory too.
      expect((await f.app.inject('/public/countries?search=kore')).statusCode).toBe(200);
    } finally {
      f.app.db.off('query', count);
    }
    expect(queries).toBe(0);
  });

  it('shows an admin write of this process at once', async () => {
    expect(await dailyPrice(f.app, 'germany')).toBe(10);
    const res = await f.app.inject({
      method: 'PUT',
      url: '/admin/countries/DE',
      headers: f.auth(f.tokens.admin),
      payload: { daily_price: 10.5 },
    });
    expect(res.statusCode).toBe(200);
    expect(await dailyPrice(f.app, 'germany')).toBe(10.5);
  });

  it('shows a write of another process within moments (Redis notice), long before the TTL', async () => {
    const other = await buildApp({ jwks: f.keys.jwks });
    others.push(other);
    await other.catalogChanges.listening;
    expect(await dailyPrice(other, 'france')).toBe(12); // warm the other process
    const res = await f.app.inject({
      method: 'PUT',
      url: '/admin/countries/FR',
      headers: f.auth(f.tokens.admin),
      payload: { daily_price: 12.5 },
    });
    expect(res.statusCode).toBe(200);
    await waitFor(async () => (await dailyPrice(other, 'france')) === 12.5, {
      timeoutMs: 3000,
      what: 'the other process to drop its cache',
    });
  });

  it('reloads after the TTL when no notice came (serving the previous snapshot meanwhile)', async () => {
    const short = await buildApp({ jwks: f.keys.jwks, config: { ...loadCatalogConfig(), CATALOG_CACHE_TTL_MS: 50 } });
    others.push(short);
    expect(await dailyPrice(short, 'spain')).toBe(9);
    // A change no process announced (as if the notice were lost).
    await f.app.db('countries').where({ a2: 'ES' }).update({ daily_price_cents: 950 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await waitFor(async () => (await dailyPrice(short, 'spain')) === 9.5, { timeoutMs: 3000, what: 'the TTL reload' });
  });
});
