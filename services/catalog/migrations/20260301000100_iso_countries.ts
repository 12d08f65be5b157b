import type { Knex } from 'knex';
import { buildReferenceCountries } from '../src/countries/reference';

/** Every ISO 3166-1 country (reference data, the same in every environment). Shop settings stay at their defaults. */
export async function up(knex: Knex): Promise<void> {
  await knex('countries').insert(buildReferenceCountries());
}
