import { centsToEuros, foldForSearch, type ListQuery } from '@esim/contracts';
import { AppError, notFound, sortColumn } from '@esim/platform';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { CountryFilter, updateCountryBody } from '../schemas';
import { COUNTRY_COLUMNS, type CountryRow } from './rows';
import { likeContains } from './search';

/** Admin management of the shop's settings per country (react-admin simple-rest). The ISO data itself is reference data. */

export type CountryPatch = z.output<typeof updateCountryBody>;
export type { CountryFilter };

export function adminCountryView(row: CountryRow) {
  return {
    id: row.a2,
    code: row.a2,
    a3: row.a3,
    name_tr: row.name_tr,
    name_en: row.name_en,
    slug: row.slug,
    region: row.region,
    flag: row.a2.toLowerCase(),
    coverage_status: row.coverage_status,
    daily_price: row.daily_price_cents === null ? null : centsToEuros(row.daily_price_cents),
    speed: row.speed,
    features: row.features,
    featured_order: row.featured_order,
    quick_order: row.quick_order,
    updated_at: row.updated_at,
  };
}

// Names sort by the language's own rules (Turkish: Ç after C, İ after I, Ö after O, Ş after S, Ü after U).
const SORTS: Record<string, string> = {
  id: 'a2',
  code: 'a2',
  a3: 'a3',
  name_tr: 'name_tr COLLATE "tr-TR-x-icu"',
  name_en: 'name_en COLLATE "en-x-icu"',
  slug: 'slug',
  region: 'region',
  coverage_status: 'coverage_status',
  daily_price: 'daily_price_cents',
  featured_order: 'featured_order',
  quick_order: 'quick_order',
  updated_at: 'updated_at',
};

export async function listCountries(db: Knex, query: ListQuery, filter: CountryFilter) {
  const where = (q: Knex.QueryBuilder) => {
    const folded = query.search ? foldForSearch(query.search) : '';
    if (folded) {
      const code = folded.toUpperCase();
      void q.where(
        (w) =>
          void w
            .whereRaw(`search_text LIKE ? ESCAPE '\\'`, [likeContains(folded)])
            .orWhere('a2', code)
            .orWhere('a3', code),
      );
    }
    if (filter.region) void q.where('region', filter.region);
    if (filter.coverage_status) void q.where('coverage_status', filter.coverage_status);
    if (filter.featured !== undefined)
      void (filter.featured ? q.whereNotNull('featured_order') : q.whereNull('featured_order'));
    if (filter.quick !== undefined) void (filter.quick ? q.whereNotNull('quick_order') : q.whereNull('quick_order'));
    if (filter.id) void q.whereIn('a2', filter.id);
    return q;
  };
  const sort = sortColumn(query, SORTS, { column: 'a2', order: 'ASC' });
  const [countRow] = await where(db('countries')).count({ count: '*' });
  const rows = await where(db('countries').select(COUNTRY_COLUMNS))
    // Whitelisted column expressions only (see SORTS); NULLS LAST keeps unset orders at the end either way.
    .orderByRaw(`${sort.column} ${sort.order} NULLS LAST, a2`)
    .limit(query.limit)
    .offset(query.offset);
  return { rows: rows as CountryRow[], total: Number(countRow?.count ?? 0) };
}

export async function getCountry(
  db: Knex | Knex.Transaction,
  a2: string,
  options: { lock?: boolean } = {},
): Promise<CountryRow> {
  const query = db('countries').select(COUNTRY_COLUMNS).where({ a2 });
  if (options.lock) void query.forUpdate();
  const [row] = await query;
  if (!row) throw notFound('country_not_found');
  return row as CountryRow;
}

export async function updateCountry(trx: Knex.Transaction, a2: string, patch: CountryPatch): Promise<CountryRow> {
  const before = await getCountry(trx, a2, { lock: true });
  const status = patch.coverage_status ?? before.coverage_status;
  const dailyPrice = patch.daily_price !== undefined ? patch.daily_price : before.daily_price_cents;
  // The map popup of a covered country shows its daily price: it cannot be missing.
  if (status === 'covered' && dailyPrice === null) throw new AppError(422, 'country_covered_needs_price');
  await trx('countries')
    .where({ a2 })
    .update({
      ...(patch.coverage_status !== undefined && { coverage_status: patch.coverage_status }),
      ...(patch.daily_price !== undefined && { daily_price_cents: patch.daily_price }),
      ...(patch.speed !== undefined && { speed: patch.speed }),
      ...(patch.features !== undefined && { features: JSON.stringify(patch.features) }),
      ...(patch.featured_order !== undefined && { featured_order: patch.featured_order }),
      ...(patch.quick_order !== undefined && { quick_order: patch.quick_order }),
      updated_at: trx.fn.now(),
    });
  return getCountry(trx, a2);
}
