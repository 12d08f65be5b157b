import { describe, expect, it } from 'vitest';
import { etagMatches, PublicCatalogCache } from '../src/public/cache';
import type { CatalogSnapshot } from '../src/public/snapshot';

/**
 * The cache's timing rules with a loader the test controls (a counter standing in for the
 * database), so concurrent and failing loads can be arranged exactly.
 */
function snapshot(version: number): CatalogSnapshot {
  return {
    countries: [],
    bySlug: new Map(),
    byCode: new Map(),
    packagesByCountry: new Map(),
    regionCounts: new Map([['europe', version]]),
  };
}
const version = (s: CatalogSnapshot) => s.regionCounts.get('europe');

function controlledLoader() {
  let loads = 0;
  const pending: Array<{ resolve: (s: CatalogSnapshot) => void; reject: (e: Error) => void }> = [];
  return {
    load: () => {
      loads += 1;
      return new Promise<CatalogSnapshot>((resolve, reject) => pending.push({ resolve, reject }));
    },
    get loads() {
      return loads;
    },
    finish(index: number, value: number | Error) {
      const entry = pending[index]!;
      if (value instanceof Error) entry.reject(value);
      else entry.resolve(snapshot(value));
    },
  };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PublicCatalogCache', () => {
  it('loads once for many concurrent cold requests, then answers from memory', async () => {
    const loader = controlledLoader();
    const cache = new PublicCatalogCache(loader.load, { ttlMs: 60_000, maxEntries: 10 });
    const answers = Array.from({ length: 50 }, () => cache.respond('k', (s) => ({ v: version(s) })));
    loader.finish(0, 1);
    const bodies = new Set((await Promise.all(answers)).map((a) => a.body));
    expect(bodies).toEqual(new Set(['{"v":1}']));
    await cache.respond('k', () => ({ v: 'rebuilt' }));
    expect(loader.loads).toBe(1);
  });

  it('never installs a snapshot whose load began before an invalidation', async () => {
    const loader = controlledLoader();
    const cache = new PublicCatalogCache(loader.load, { ttlMs: 60_000, maxEntries: 10 });
    const early = cache.respond('k', (s) => ({ v: version(s) }));
    cache.invalidate(); // a write committed while the first load was reading
    const late = cache.respond('k', (s) => ({ v: version(s) }));
    loader.finish(0, 1);
    loader.finish(1, 2);
    expect((await early).body).toBe('{"v":1}');
    expect((await late).body).toBe('{"v":2}');
    expect((await cache.respond('k', (s) => ({ v: version(s) }))).body).toBe('{"v":2}');
  });

  it('serves the previous snapshot while an expired one reloads, and keeps it if the reload fails', async () => {
    const loader = controlledLoader();
    const cache = new PublicCatalogCache(loader.load, { ttlMs: 0, maxEntries: 10, onRefreshError: () => {} });
    const first = cache.respond('k', (s) => ({ v: version(s) }));
    loader.finish(0, 1);
    expect((await first).body).toBe('{"v":1}');
    expect((await cache.respond('k', (s) => ({ v: version(s) }))).body).toBe('{"v":1}'); // stale, reload started
    loader.finish(1, new Error('database away'));
    await tick();
    expect((await cache.respond('k', (s) => ({ v: version(s) }))).body).toBe('{"v":1}');
    loader.finish(2, 3);
    await tick();
    expect((await cache.respond('k', (s) => ({ v: version(s) }))).body).toBe('{"v":3}');
  });

  it('answers 503 when there is nothing to fall back on', async () => {
    const loader = controlledLoader();
    const cache = new PublicCatalogCache(loader.load, { ttlMs: 60_000, maxEntries: 10 });
    const answer = cache.respond('k', () => ({}));
    loader.finish(0, new Error('connection refused'));
    await expect(answer).rejects.toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });

  it('keeps at most maxEntries responses, dropping the oldest', async () => {
    const loader = controlledLoader();
    const cache = new PublicCatalogCache(loader.load, { ttlMs: 60_000, maxEntries: 2 });
    const builds: string[] = [];
    const respond = (key: string) => cache.respond(key, () => (builds.push(key), { key }));
    const warm = respond('a');
    loader.finish(0, 1);
    await warm;
    await respond('b');
    await respond('c'); // evicts a
    await respond('b');
    await respond('a');
    expect(builds).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('If-None-Match', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
