import { request } from 'undici';

/** A storefront page the catalog decides the existence of: `/packages/<country slug>`. */
const COUNTRY_PAGE = /^packages\/([^/]+)\/?$/i;
/** The catalog's slug rule: anything else names no country. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG = 80;

export interface CountryPages {
  /**
   * Whether a storefront page path is shown: false for a country page of a country the catalog
   * does not know or sells nothing for (its page says "not found"), true for every other path and
   * whenever the catalog cannot say (a slow or failing catalog never hides a real page).
   */
  exists(relative: string): Promise<boolean>;
  /** Forgets every answer (the catalog announced a change). */
  clear(): void;
}

export interface CountryPagesOptions {
  /** A page never waits longer than this for the catalog; past it the page is served. */
  timeoutMs: number;
  /** How long an answer is kept when no catalog change clears it first. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * Asks the catalog's public country answer (`GET /public/countries/:slug`, which it serves from
 * memory) whether a country page has anything to show, so an unknown country answers HTTP 404
 * like any unknown path. Answers are kept per slug, and one question per slug is in flight at a time.
 */
export function createCountryPages(catalogUrls: readonly string[], options: CountryPagesOptions): CountryPages {
  const known = new Map<string, { exists: boolean; expiresAt: number }>();
  const asking = new Map<string, Promise<boolean | undefined>>();
  let next = 0;

  const ask = async (slug: string): Promise<boolean | undefined> => {
    for (let tried = 0; tried < catalogUrls.length; tried++) {
      const url = catalogUrls[next++ % catalogUrls.length]!;
      try {
        const response = await request(`${url}/public/countries/${slug}`, {
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        if (response.statusCode === 404) {
          await response.body.dump();
          return false;
        }
        if (response.statusCode !== 200) {
          await response.body.dump();
          return undefined;
        }
        const answer = (await response.body.json()) as { data?: { has_packages?: unknown } };
        return answer.data?.has_packages !== false;
      } catch {
        // This copy did not answer: the next one may.
      }
    }
    return undefined;
  };

  return {
    async exists(relative) {
      const match = COUNTRY_PAGE.exec(relative);
      if (!match) return true;
      const slug = match[1]!.toLowerCase();
      if (slug.length > MAX_SLUG || !SLUG.test(slug)) return false;
      const now = Date.now();
      const kept = known.get(slug);
      if (kept && kept.expiresAt > now) return kept.exists;
      let pending = asking.get(slug);
      if (!pending) {
        pending = ask(slug).finally(() => asking.delete(slug));
        asking.set(slug, pending);
      }
      const exists = await pending;
      if (exists === undefined) return true;
      if (known.size >= options.maxEntries) known.clear();
      known.set(slug, { exists, expiresAt: now + options.ttlMs });
      return exists;
    },
    clear() {
      known.clear();
    },
  };
}
