import type { Knex } from 'knex';

/**
 * Suppliers per package. A package names who sells its eSIMs: the profile pool (every package so
 * far, and the demo seed) or a wholesale supplier bought from at the moment of sale, with that
 * supplier's id of it. The suppliers' offers are synced in by the esim service (one supplier's whole
 * list at a time; offers no longer listed are marked gone, never deleted). A package stops selling on
 * its own when its supplier's cost rises above its price or its offer is gone (`paused_reason`), until
 * an admin decides. The margin rule (one row) prices packages made from offers. Money in euro cents.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE packages ADD COLUMN supplier text NOT NULL DEFAULT 'pool'`);
  await knex.raw('ALTER TABLE packages ADD COLUMN supplier_package_id text');
  await knex.raw(
    `ALTER TABLE packages ADD CONSTRAINT packages_supplier CHECK (supplier IN ('pool', 'airalo', 'esimaccess'))`,
  );
  // The pool sells by the package code; a supplier's package is always bought by its own id.
  await knex.raw(
    `ALTER TABLE packages ADD CONSTRAINT packages_supplier_package CHECK ((supplier = 'pool') = (supplier_package_id IS NULL))`,
  );
  // One package per supplier offer, so a cost change reaches exactly one price.
  await knex.raw(
    'CREATE UNIQUE INDEX packages_supplier_offer ON packages (supplier, supplier_package_id) WHERE supplier_package_id IS NOT NULL',
  );
  await knex.raw('ALTER TABLE packages ADD COLUMN paused_reason text');
  await knex.raw('ALTER TABLE packages ADD COLUMN paused_at timestamptz');
  await knex.raw(
    `ALTER TABLE packages ADD CONSTRAINT packages_paused CHECK ((paused_reason IS NULL) = (paused_at IS NULL) AND (paused_reason IS NULL OR paused_reason IN ('cost_above_price', 'offer_gone')))`,
  );
  await knex.raw('CREATE INDEX packages_paused ON packages (paused_reason) WHERE paused_reason IS NOT NULL');

  await knex.schema.createTable('supplier_offers', (t) => {
    t.uuid('id').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('supplier').notNullable();
    t.text('supplier_package_id').notNullable();
    t.text('name').notNullable();
    t.specificType('countries', 'text[]').notNullable();
    // null: unlimited data.
    t.integer('data_mb');
    t.integer('validity_days').notNullable();
    t.bigInteger('net_cost_cents').notNullable();
    t.boolean('top_up').notNullable().defaultTo(false);
    t.timestamp('first_seen_at', { useTz: true }).notNullable();
    // The synced_at of the last list that held it.
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    // The synced_at of the first list that no longer held it; null while it is listed.
    t.timestamp('gone_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['supplier', 'supplier_package_id']);
  });
  await knex.raw(
    `ALTER TABLE supplier_offers ADD CONSTRAINT supplier_offers_supplier CHECK (supplier IN ('airalo', 'esimaccess'))`,
  );
  await knex.raw(
    'ALTER TABLE supplier_offers ADD CONSTRAINT supplier_offers_figures CHECK (net_cost_cents >= 0 AND validity_days > 0 AND (data_mb IS NULL OR data_mb > 0))',
  );
  await knex.raw('CREATE INDEX supplier_offers_countries ON supplier_offers USING gin (countries)');

  // When each supplier's list was last synced, so an older list arriving late never replaces a newer one.
  await knex.schema.createTable('supplier_syncs', (t) => {
    t.text('supplier').primary();
    t.timestamp('synced_at', { useTz: true }).notNullable();
    t.integer('offers').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // The one margin rule: a percentage (hundredths) or a fixed amount (cents) over cost, and the rounding.
  await knex.schema.createTable('margin_rule', (t) => {
    t.boolean('id').primary().defaultTo(true);
    t.text('kind').notNullable();
    t.integer('value').notNullable();
    t.text('rounding').notNullable();
    t.text('updated_by');
    t.timestamp('updated_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE margin_rule ADD CONSTRAINT margin_rule_one_row CHECK (id)');
  await knex.raw(
    `ALTER TABLE margin_rule ADD CONSTRAINT margin_rule_values CHECK (kind IN ('percent', 'fixed') AND value >= 0 AND rounding IN ('x99', 'x49_x99', 'whole_euro', 'none'))`,
  );
  // 30 % over cost, up to the next x,99 €: the shop's rule until an admin sets its own.
  await knex('margin_rule').insert({ id: true, kind: 'percent', value: 3000, rounding: 'x99' });
}
