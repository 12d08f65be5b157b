import type { Knex } from 'knex';
import type { Redis } from '@esim/platform';
import type { SupplierOffer } from '../../provider/supplier';
import { AiraloUnavailable, type AiraloClient } from './client';
import type { AiraloLog } from './orders';
import { euroCents, flattenPackages, isObject, listOf, offerOf, pricingOf } from './wire';

export interface CatalogueSettings {
  client: AiraloClient;
  log: AiraloLog;
  redis: Redis;
  eurPerUsd: number;
  /** Countries (or regions) per page of Airalo's package list. */
  pageSize: number;
  /** How long one eSIM's top-up list is answered from the cache (the top-up itself always asks Airalo again). */
  topUpsCacheMs: number;
}

/** A guard against a list that never says it ended. */
const MAX_PAGES = 100;

/** What Airalo sells (its package list), the top-ups it offers for one eSIM, and our balance there. */
export function createCatalogue(settings: CatalogueSettings) {
  const { client } = settings;

  return {
    async offers(): Promise<SupplierOffer[]> {
      const entries: unknown[] = [];
      let pricing = pricingOf(null);
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await client.request('GET', '/packages', {
          query: { include: 'topup', limit: settings.pageSize, page },
        });
        if (answer.status !== 200)
          throw new AiraloUnavailable(`Airalo packages: answered ${answer.status}`, answer.retryAfterSeconds);
        const body = isObject(answer.body) ? answer.body : {};
        if (page === 1) pricing = pricingOf(body);
        const listed = listOf(body.data);
        entries.push(...listed);
        const lastPage = isObject(body.meta) && typeof body.meta.last_page === 'number' ? body.meta.last_page : page;
        if (listed.length === 0 || page >= lastPage) break;
      }
      return flattenPackages(entries, pricing, settings.eurPerUsd);
    },

    async topUpOffers(db: Knex, profile: { id: string; iccid: string }): Promise<SupplierOffer[]> {
      // Each opening of an eSIM's top-up panel would otherwise be one Airalo call: every process shares the last answer.
      const cacheKey = `airalo:topups:${profile.iccid}`;
      let body: unknown = JSON.parse((await settings.redis.get(cacheKey)) ?? 'null');
      if (body === null) {
        const answer = await client.request('GET', `/sims/${encodeURIComponent(profile.iccid)}/topups`);
        // Unknown to Airalo (404) or recycled (422, code 73): it takes no top-up.
        if (answer.status === 404 || answer.status === 422) body = { data: [] };
        else if (answer.status !== 200)
          throw new AiraloUnavailable(
            `Airalo top-ups of ${profile.iccid}: answered ${answer.status}`,
            answer.retryAfterSeconds,
          );
        else body = answer.body;
        await settings.redis.set(cacheKey, JSON.stringify(body), 'PX', settings.topUpsCacheMs);
      }
      // A top-up covers what the eSIM's own package covers: Airalo's list does not repeat the countries.
      const order = (await db('profiles as p')
        .join('orders as o', 'o.id', 'p.order_id')
        .where('p.id', profile.id)
        .first('o.countries')) as { countries: string[] } | undefined;
      const countries = [...(order?.countries ?? [])].sort();
      const pricing = pricingOf(body);
      return listOf(isObject(body) ? body.data : null)
        .map((pkg) => offerOf(pkg, { operator: null, countries }, pricing, settings.eurPerUsd))
        .filter((offer): offer is SupplierOffer => offer !== null)
        .map((offer) => ({ ...offer, topUp: true }));
    },

    async balance(): Promise<number | null> {
      const answer = await client.request('GET', '/balance');
      if (answer.status !== 200)
        throw new AiraloUnavailable(`Airalo balance: answered ${answer.status}`, answer.retryAfterSeconds);
      const data = isObject(answer.body) ? answer.body.data : null;
      const balances = isObject(data) ? data.balances : null;
      const first = Array.isArray(balances) ? balances[0] : balances;
      const available = isObject(first) && isObject(first.availableBalance) ? first.availableBalance : null;
      const amount = typeof available?.amount === 'number' ? available.amount : Number(available?.amount);
      const currency = typeof available?.currency === 'string' ? available.currency : 'USD';
      if (!Number.isFinite(amount)) return null;
      const cents = euroCents(amount, currency, settings.eurPerUsd);
      if (cents === null) settings.log.warn({ currency }, 'Airalo balance in a currency we cannot convert');
      return cents;
    },
  };
}
