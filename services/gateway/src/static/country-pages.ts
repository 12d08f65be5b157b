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
  /** How long the list of countries is kept when no catalog change clears it first. */
  ttlMs: number;
}

/** Each country slug the catalog knows, and whether anything is sold for it. */
type CountryTable = Map<string, boolean>;

/**
 * Asks the catalog's public country list (`GET /public/countries`, which it serves from memory)
 * once per TTL or catalog change, so an unknown country answers HTTP 404 like any unknown path,
 * and a visitor trying many made-up slugs costs the catalog nothing more.
 */
export function createCountryPages(catalogUrls: readonly string[], options: CountryPagesOptions): CountryPages {
  let table: { countries: CountryTable; expiresAt: number } | undefined;
  let loading: Promise<CountryTable | undefined> | undefined;
  let next = 0;

  const load = async (): Promise<CountryTable | undefined> => {
    for (let tried = 0; tried < catalogUrls.length; tried++) {
      const url = catalogUrls[next++ % catalogUrls.length]!;
      try {
        const response = await request(`${url}/public/countries`, {
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
        });
        if (response.statusCode !== 200) {
          await response.body.dump();
          continue;
        }
        const answer = (await response.body.json()) as { data?: Array<{ slug?: unknown; has_packages?: unknown }> };
        if (!Array.isArray(answer.data)) continue;
        return new Map(
          answer.data
            .filter((country) => typeof country.slug === 'string')
            .map((country) => [country.slug as string, country.has_packages !== false]),
        );
      } catch {
        // This copy did not answer: the next one may.
      }
    }
    return undefined;
  };

  const countries = async (): Promise<CountryTable | undefined> => {
    const now = Date.now();
    if (table && table.expiresAt > now) return table.countries;
    if (!loading) {
      loading = load().finally(() => (loading = undefined));
    }
    const loaded = await loading;
    if (loaded) table = { countries: loaded, expiresAt: now + options.ttlMs };
    return loaded;
  };

  return {
    async exists(relative) {
      const match = COUNTRY_PAGE.exec(relative);
      if (!match) return true;
      const slug = match[1]!.toLowerCase();
      if (slug.length > MAX_SLUG || !SLUG.test(slug)) return false;
      const known = await countries();
      // A catalog that cannot say never hides a real page.
      if (!known) return true;
      return known.get(slug) ?? false;
    },
    clear() {
      table = undefined;
    },
  };
}
