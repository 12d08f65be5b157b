import type { Knex } from 'knex';
import { COUNTRY_COLUMNS, type CountryRow } from '../countries/rows';
import type { Region } from '../countries/reference';
import { selectPackages, type PackageRow } from '../packages/rows';

/**
 * Everything the public pages read, loaded in a few queries and kept in memory: 249 countries
 * and the active packages are small, and serving visitors from memory keeps the database out of
 * the hot path. Region counts are computed here from the data, never written down.
 */
export interface CatalogSnapshot {
  countries: CountryRow[];
  bySlug: Map<string, CountryRow>;
  byCode: Map<string, CountryRow>;
  /** Active packages covering each country (alpha-2). */
  packagesByCountry: Map<string, PackageRow[]>;
  /** Distinct countries per region covered by at least one active package. */
  regionCounts: Map<Region, number>;
}

export async function loadSnapshot(db: Knex): Promise<CatalogSnapshot> {
  const [countries, packages, regions] = await Promise.all([
    db('countries').select<CountryRow[]>(COUNTRY_COLUMNS).orderBy('a2'),
    selectPackages(db).where('p.active', true).where('p.kind', 'esim').orderBy('p.code') as Promise<PackageRow[]>,
    db('package_countries as pc')
      .join('packages as p', 'p.id', 'pc.package_id')
      .join('countries as c', 'c.a2', 'pc.country_a2')
      .where('p.active', true)
      .where('p.kind', 'esim')
      .groupBy('c.region')
      .select('c.region')
      .countDistinct({ count: 'c.a2' }) as Promise<Array<{ region: Region; count: number | string }>>,
  ]);
  const packagesByCountry = new Map<string, PackageRow[]>();
  for (const pkg of packages) {
    for (const a2 of pkg.countries) {
      const list = packagesByCountry.get(a2) ?? [];
      list.push(pkg);
      packagesByCountry.set(a2, list);
    }
  }
  return {
    countries,
    bySlug: new Map(countries.map((country) => [country.slug, country])),
    byCode: new Map(countries.map((country) => [country.a2, country])),
    packagesByCountry,
    regionCounts: new Map(regions.map((row) => [row.region, Number(row.count)])),
  };
}
