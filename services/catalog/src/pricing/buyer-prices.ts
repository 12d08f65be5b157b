import { centsToEuros, foldForSearch, type InternalQuote, type Locale } from '@esim/contracts';
import { AppError, notFound, type ListQuery } from '@esim/platform';
import { likeContains } from '../countries/search';
import type { Knex } from 'knex';
import { publicPackage, type CountryNames } from '@esim/contracts';
import {
  PRICE_LIST_ORDER,
  packageBasics,
  selectPackages,
  type PackageKind,
  type PackageRow,
  type PackageType,
} from '../packages/rows';

/**
 * The price a buyer pays: a dealer's override where one is set, else retail. A dealer's id is
 * their user id, so any caller's id is looked up the same way; only dealers have overrides.
 * Read from the database, never from the public cache: a price someone is charged must be current.
 */
type PricedRow = PackageRow & { dealer_price_cents: number | null };

function withBuyerPrice(db: Knex | Knex.Transaction, userId: string) {
  return (
    selectPackages(db)
      // An override of a dealer who was deleted no longer applies.
      .select(db.raw('CASE WHEN d.deleted_at IS NULL THEN dp.price_cents END AS dealer_price_cents'))
      .leftJoin('dealer_prices as dp', function () {
        this.on('dp.package_id', 'p.id').andOn('dp.dealer_id', db.raw('?', [userId]));
      })
      .leftJoin('dealers as d', 'd.dealer_id', 'dp.dealer_id')
  );
}

export async function buyerPackages(
  db: Knex,
  userId: string,
  filter: { country?: string; type?: PackageType; kind?: PackageKind },
): Promise<PricedRow[]> {
  // The eSIM price list by default: Plus packages (physical cards) are listed by physical-sim only.
  const query = withBuyerPrice(db, userId)
    .where('p.active', true)
    .whereNull('p.paused_reason')
    .where('p.kind', filter.kind ?? 'esim')
    .orderByRaw(PRICE_LIST_ORDER);
  if (filter.type) void query.where('p.type', filter.type);
  if (filter.country) {
    const country = filter.country;
    void query.whereExists(
      db('package_countries as pc')
        .join('countries as c', 'c.a2', 'pc.country_a2')
        .whereRaw('pc.package_id = p.id')
        .andWhere((w) => void w.where('c.a2', country.toUpperCase()).orWhere('c.slug', country.toLowerCase())),
    );
  }
  return (await query) as PricedRow[];
}

/** The price list's sort fields; the caller's price sorts by what they pay (their own price, else retail). */
const PRICE_LIST_SORTS = {
  code: 'p.code',
  type: 'p.type',
  duration: 'p.validity_days',
  data_mb: 'p.data_mb',
  retail_price: 'p.retail_price_cents',
} as const;

/**
 * GET /user/packages: one page of the buyer's price list. Search matches a package's code or name
 * or a country it covers (by its folded names, as the storefront's search does); `id` is react-admin's
 * getMany. The default order is the price list's (local, regional, global, then country and duration).
 */
export async function buyerPriceList(
  db: Knex,
  userId: string,
  locale: Locale,
  query: ListQuery<{ country?: string; type?: PackageType }>,
): Promise<{ rows: PricedRow[]; total: number }> {
  const where = (q: Knex.QueryBuilder) => {
    void q.where('p.active', true).whereNull('p.paused_reason').where('p.kind', 'esim');
    if (query.filters.type) void q.where('p.type', query.filters.type);
    if (query.ids) void q.whereIn('p.id', query.ids);
    const country = query.filters.country;
    if (country) {
      void q.whereExists(
        db('package_countries as pc')
          .join('countries as c', 'c.a2', 'pc.country_a2')
          .whereRaw('pc.package_id = p.id')
          .andWhere((w) => void w.where('c.a2', country.toUpperCase()).orWhere('c.slug', country.toLowerCase())),
      );
    }
    if (query.search) {
      const like = likeContains(query.search);
      const folded = likeContains(foldForSearch(query.search));
      void q.where(
        (w) =>
          void w
            .whereILike('p.code', like)
            .orWhereILike('p.name_tr', like)
            .orWhereILike('p.name_en', like)
            .orWhereExists(
              db('package_countries as pc')
                .join('countries as c', 'c.a2', 'pc.country_a2')
                .whereRaw('pc.package_id = p.id')
                .andWhere('c.search_text', 'like', folded),
            ),
      );
    }
    return q;
  };
  const [countRow] = await where(db('packages as p')).count({ count: '*' });
  const page = where(withBuyerPrice(db, userId));
  const { sort } = query;
  if (sort?.field === 'price')
    void page.orderByRaw(
      `COALESCE(CASE WHEN d.deleted_at IS NULL THEN dp.price_cents END, p.retail_price_cents) ${sort.order}`,
    );
  else if (sort?.field === 'name') void page.orderBy(locale === 'tr' ? 'p.name_tr' : 'p.name_en', sort.order);
  // Own keys only: `in` also finds what every object inherits (sort=__proto__ was a 500, seen by the hostile test).
  else if (sort && Object.hasOwn(PRICE_LIST_SORTS, sort.field))
    void page.orderBy(PRICE_LIST_SORTS[sort.field as keyof typeof PRICE_LIST_SORTS], sort.order);
  // The price-list order last: the default, and the tie-break that keeps pages stable.
  void page.orderByRaw(PRICE_LIST_ORDER).limit(query.limit).offset(query.offset);
  return { rows: (await page) as PricedRow[], total: Number(countRow?.count ?? 0) };
}

let names: Promise<CountryNames> | undefined;

/** Country names by code: ISO reference data that only a migration changes, so read once per process. */
export function countryNames(db: Knex): Promise<CountryNames> {
  names ??= db('countries')
    .select<Array<{ a2: string; name_tr: string; name_en: string }>>('a2', 'name_tr', 'name_en')
    .then((rows) => {
      const byCode = new Map(rows.map((row) => [row.a2, row]));
      return (a2: string, locale: Locale) => byCode.get(a2)?.[locale === 'tr' ? 'name_tr' : 'name_en'];
    })
    .catch((error: unknown) => {
      names = undefined;
      throw error;
    });
  return names;
}

export function buyerPackageView(row: PricedRow, locale: Locale, names: CountryNames) {
  const price = row.dealer_price_cents ?? row.retail_price_cents;
  return {
    ...publicPackage(row, locale, names),
    countries: row.countries,
    price: centsToEuros(price),
    retail_price: centsToEuros(row.retail_price_cents),
    dealer_price: row.dealer_price_cents === null ? null : centsToEuros(row.dealer_price_cents),
    price_source: row.dealer_price_cents === null ? ('retail' as const) : ('dealer' as const),
  };
}

/** What the order services need to charge and to remember what was sold (the snapshot never changes with later edits). */
export async function quote(
  db: Knex,
  input: { userId: string; packageId: string; quantity: number; kind?: PackageKind },
): Promise<InternalQuote> {
  const row = (await withBuyerPrice(db, input.userId).where('p.id', input.packageId).first()) as PricedRow | undefined;
  // A top-up-only package is named as such to an eSIM buyer, who can add it from their eSIM's top-up panel.
  if (row && input.kind === 'esim' && row.kind === 'top_up')
    throw new AppError(422, 'package_top_up_only', {
      errors: [{ path: 'package_id', message: 'package_top_up_only' }],
    });
  // A caller naming the kind it sells never gets the other kind's package (an eSIM order cannot buy a physical card).
  if (!row || (input.kind && row.kind !== input.kind)) throw notFound('package_not_found');
  if (!row.active) throw new AppError(422, 'package_inactive');
  // Its supplier's cost rose above its price, or its supplier stopped listing it: no sale until an admin decides.
  if (row.paused_reason) throw new AppError(422, 'package_paused');
  const unit = row.dealer_price_cents ?? row.retail_price_cents;
  return {
    unit_price_cents: unit,
    total_cents: unit * input.quantity,
    quantity: input.quantity,
    currency: 'EUR' as const,
    price_source: row.dealer_price_cents === null ? ('retail' as const) : ('dealer' as const),
    package: {
      ...packageBasics(row),
      kind: row.kind,
      retail_price_cents: row.retail_price_cents,
      features: row.features,
      provider_ref: row.provider_ref,
      // Who sells it (the pool, by the package code, or a supplier, by its own id of the package).
      supplier: row.supplier,
      supplier_package_id: row.supplier_package_id,
    },
  };
}
