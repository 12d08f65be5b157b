import type { Knex } from 'knex';

/**
 * The catalog's tables: countries (ISO reference data plus the shop's settings per country),
 * packages and the countries each covers, the dealer → sales-manager map fed by auth events,
 * dealer price overrides and their history. Money is integer euro cents (bigint).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('countries', (t) => {
    t.string('a2', 2).primary();
    t.string('a3', 3).notNullable().unique();
    t.text('name_tr').notNullable();
    t.text('name_en').notNullable();
    t.text('slug').notNullable().unique();
    t.text('region').notNullable();
    // Every name a visitor might type, folded (Turkish-aware lower case, then ASCII): see src/countries/search.ts.
    t.text('search_text').notNullable();
    t.text('coverage_status').notNullable().defaultTo('not_available');
    t.bigInteger('daily_price_cents');
    t.text('speed');
    // Map popup features: [{ tr, en }].
    t.jsonb('features').notNullable().defaultTo('[]');
    // Position among the home page's featured destinations / quick buttons; null: not shown there.
    t.integer('featured_order');
    t.integer('quick_order');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE countries ADD CONSTRAINT countries_region CHECK (region IN ('europe', 'asia', 'americas', 'africa', 'oceania'))`,
  );
  await knex.raw(
    `ALTER TABLE countries ADD CONSTRAINT countries_coverage_status CHECK (coverage_status IN ('covered', 'coming_soon', 'not_available'))`,
  );
  await knex.raw(
    'ALTER TABLE countries ADD CONSTRAINT countries_daily_price CHECK (daily_price_cents IS NULL OR daily_price_cents >= 0)',
  );

  await knex.schema.createTable('packages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('code').notNullable().unique();
    t.text('name_tr').notNullable();
    t.text('name_en').notNullable();
    t.text('type').notNullable();
    // null: unlimited data.
    t.integer('data_mb');
    t.integer('validity_days').notNullable();
    t.bigInteger('retail_price_cents').notNullable();
    t.bigInteger('cost_price_cents').notNullable();
    t.boolean('recommended').notNullable().defaultTo(false);
    // [{ tr, en }]
    t.jsonb('features').notNullable().defaultTo('[]');
    t.boolean('active').notNullable().defaultTo(true);
    // The upstream provider's id of this package (profile pool batch, partner API package id).
    t.text('provider_ref');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE packages ADD CONSTRAINT packages_type CHECK (type IN ('local', 'regional', 'global'))`);
  await knex.raw(
    'ALTER TABLE packages ADD CONSTRAINT packages_prices CHECK (retail_price_cents >= 0 AND cost_price_cents >= 0)',
  );
  await knex.raw('ALTER TABLE packages ADD CONSTRAINT packages_validity CHECK (validity_days > 0)');
  await knex.raw('ALTER TABLE packages ADD CONSTRAINT packages_data CHECK (data_mb IS NULL OR data_mb > 0)');

  await knex.schema.createTable('package_countries', (t) => {
    t.uuid('package_id').notNullable().references('id').inTable('packages').onDelete('CASCADE');
    t.string('country_a2', 2).notNullable().references('a2').inTable('countries');
    t.primary(['package_id', 'country_a2']);
    t.index(['country_a2']);
  });

  // Local copy of auth's dealers (services never read each other's tables): a dealer's id is their user id.
  await knex.schema.createTable('dealers', (t) => {
    t.text('dealer_id').primary();
    t.text('sales_manager_id');
    t.text('email');
    t.text('full_name');
    t.text('company_name');
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['sales_manager_id']);
  });

  await knex.schema.createTable('dealer_prices', (t) => {
    t.text('dealer_id').notNullable().references('dealer_id').inTable('dealers');
    t.uuid('package_id').notNullable().references('id').inTable('packages');
    t.bigInteger('price_cents').notNullable();
    t.text('updated_by').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['dealer_id', 'package_id']);
  });
  await knex.raw('ALTER TABLE dealer_prices ADD CONSTRAINT dealer_prices_price CHECK (price_cents >= 0)');

  await knex.schema.createTable('price_history', (t) => {
    t.bigIncrements('id').primary();
    t.text('dealer_id').notNullable();
    t.uuid('package_id').notNullable();
    // null old: no override before (retail applied); null new: the override was removed.
    t.bigInteger('old_price_cents');
    t.bigInteger('new_price_cents');
    t.text('source').notNullable();
    t.text('changed_by').notNullable();
    t.text('changed_by_role').notNullable();
    t.timestamp('changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['dealer_id', 'changed_at']);
  });

  // Demo seeds that already ran, so a restart never overwrites what an admin changed since.
  await knex.schema.createTable('seed_runs', (t) => {
    t.text('name').primary();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}
