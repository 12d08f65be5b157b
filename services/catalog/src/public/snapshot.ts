import type { Knex } from 'knex';
import { publicCatalogFacts, type PublicCatalogFacts } from '@esim/contracts';
import { COUNTRY_COLUMNS, type CountryRow } from '../countries/rows';
import { selectPackages, type PackageRow } from '../packages/rows';

/**
 * Everything the public pages read, loaded in a few queries and kept in memory: 249 countries
 * and the packages on sale (active, not paused) are small, and serving visitors from memory keeps the database out of
 * the hot path. Region counts are computed from the data (contracts' publicCatalogFacts), never written down.
 */
export type CatalogSnapshot = PublicCatalogFacts<CountryRow, PackageRow>;

export async function loadSnapshot(db: Knex): Promise<CatalogSnapshot> {
  const [countries, packages] = await Promise.all([
    db('countries').select<CountryRow[]>(COUNTRY_COLUMNS).orderBy('a2'),
    selectPackages(db)
      .where('p.active', true)
      .whereNull('p.paused_reason')
      .where('p.kind', 'esim')
      .orderBy('p.code') as Promise<PackageRow[]>,
  ]);
  return publicCatalogFacts(countries, packages);
}
