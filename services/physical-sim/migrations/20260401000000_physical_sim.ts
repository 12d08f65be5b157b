import type { Knex } from 'knex';

/**
 * The physical-sim service's tables: eUICC cards and their history, the import jobs with their
 * stored files and error reports, dealer orders and returns, the local copy of auth's dealers,
 * the active data bundle a card's public balance check reads, and the service's settings.
 * Money is integer euro cents (bigint).
 */
export async function up(knex: Knex): Promise<void> {
  // Local copy of auth's dealers (services never read each other's tables): names and ownership checks.
  await knex.schema.createTable('dealers', (t) => {
    t.text('dealer_id').primary();
    t.text('email');
    t.text('full_name');
    t.text('company_name');
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('import_jobs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('format').notNullable();
    t.text('file_name');
    t.text('file_sha256').notNullable();
    t.integer('file_size').notNullable();
    t.text('status').notNullable().defaultTo('queued');
    t.integer('rows_read').notNullable().defaultTo(0);
    t.integer('rows_imported').notNullable().defaultTo(0);
    t.integer('rows_rejected').notNullable().defaultTo(0);
    // How many times a worker started it (a killed worker's run is redone from the start).
    t.integer('runs').notNullable().defaultTo(0);
    t.text('error_code');
    t.text('error_message');
    t.jsonb('error_params');
    t.text('created_by').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    // Last sign of life of the worker running it: a stale one is re-queued (src/imports/recovery.ts).
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'heartbeat_at']);
    t.index(['created_at']);
  });
  await knex.raw(
    `ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_status CHECK (status IN ('queued', 'processing', 'completed', 'failed'))`,
  );
  await knex.raw(`ALTER TABLE import_jobs ADD CONSTRAINT import_jobs_format CHECK (format IN ('xlsx', 'csv', 'json'))`);

  // The uploaded file itself: workers on any host read it from here (no shared disk needed).
  await knex.schema.createTable('import_files', (t) => {
    t.uuid('import_id').primary().references('id').inTable('import_jobs').onDelete('CASCADE');
    t.binary('content').notNullable();
  });

  await knex.schema.createTable('import_errors', (t) => {
    t.uuid('import_id').notNullable().references('id').inTable('import_jobs').onDelete('CASCADE');
    t.integer('row_number').notNullable();
    t.text('column').notNullable();
    t.text('reason').notNullable();
    t.text('value');
    t.primary(['import_id', 'row_number', 'column']);
  });

  await knex.schema.createTable('cards', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('iccid').notNullable().unique();
    t.text('serial_number').notNullable().unique();
    t.text('eid').unique();
    t.uuid('package_id').notNullable();
    t.text('package_code').notNullable();
    // The package's name when the card arrived (lists show it without asking the catalog).
    t.text('package_name').notNullable();
    t.text('status').notNullable().defaultTo('in_stock');
    // null: admin stock; else the dealer (their user id) who holds it.
    t.text('owner_user_id');
    t.uuid('import_id').references('id').inTable('import_jobs');
    t.timestamp('transferred_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deleted_at', { useTz: true });
    t.text('deleted_by');
    t.text('deleted_reason');
  });
  await knex.raw(
    `ALTER TABLE cards ADD CONSTRAINT cards_status CHECK (status IN ('in_stock', 'reserved', 'assigned', 'sold', 'activated', 'returned', 'defective', 'lost'))`,
  );
  // The stock list's filters (status, package, owner) newest first, and prefix search on ICCID / serial.
  await knex.raw(
    'CREATE INDEX cards_status_package ON cards (status, package_id, created_at DESC, id DESC) WHERE deleted_at IS NULL',
  );
  await knex.raw('CREATE INDEX cards_owner ON cards (owner_user_id, status) WHERE deleted_at IS NULL');
  await knex.raw('CREATE INDEX cards_created ON cards (created_at DESC, id DESC) WHERE deleted_at IS NULL');
  await knex.raw('CREATE INDEX cards_iccid_prefix ON cards (iccid text_pattern_ops)');
  await knex.raw('CREATE INDEX cards_serial_prefix ON cards (serial_number text_pattern_ops)');
  await knex.raw('CREATE INDEX cards_import ON cards (import_id)');

  await knex.schema.createTable('card_history', (t) => {
    t.bigIncrements('id').primary();
    t.uuid('card_id').notNullable().references('id').inTable('cards');
    t.text('action').notNullable();
    t.text('from_status');
    t.text('to_status');
    t.text('from_owner');
    t.text('to_owner');
    t.text('reason');
    t.text('actor_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['card_id', 'created_at']);
    t.index(['created_at', 'action']);
  });

  await knex.schema.createTable('orders', (t) => {
    t.uuid('id').primary();
    t.text('user_id').notNullable();
    t.uuid('package_id').notNullable();
    t.text('package_code').notNullable();
    t.text('package_name_tr').notNullable();
    t.text('package_name_en').notNullable();
    t.integer('quantity').notNullable();
    t.bigInteger('unit_price_cents').notNullable();
    t.bigInteger('total_cents').notNullable();
    t.uuid('hold_id');
    t.text('status').notNullable().defaultTo('pending');
    t.text('note');
    t.text('reject_reason');
    t.text('decided_by');
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    `ALTER TABLE orders ADD CONSTRAINT orders_status CHECK (status IN ('pending', 'approved', 'rejected'))`,
  );
  await knex.raw('ALTER TABLE orders ADD CONSTRAINT orders_quantity CHECK (quantity > 0)');

  await knex.schema.createTable('order_cards', (t) => {
    t.uuid('order_id').notNullable().references('id').inTable('orders');
    t.uuid('card_id').notNullable().references('id').inTable('cards');
    t.primary(['order_id', 'card_id']);
    t.index(['card_id']);
  });

  await knex.schema.createTable('returns', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('user_id').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('reason').notNullable();
    t.text('reject_reason');
    t.bigInteger('refund_cents').notNullable();
    t.boolean('auto_approved').notNullable().defaultTo(false);
    t.text('decided_by');
    t.timestamp('decided_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['status', 'created_at']);
    t.index(['user_id', 'created_at']);
  });
  await knex.raw(
    `ALTER TABLE returns ADD CONSTRAINT returns_status CHECK (status IN ('pending', 'approved', 'rejected'))`,
  );

  await knex.schema.createTable('return_cards', (t) => {
    t.uuid('return_id').notNullable().references('id').inTable('returns');
    t.uuid('card_id').notNullable().references('id').inTable('cards');
    // The order the card was bought with (null: transferred by an admin, nothing to refund).
    t.uuid('order_id');
    t.bigInteger('refund_cents').notNullable();
    // The card's status before the request (a rejected return puts it back).
    t.text('from_status').notNullable();
    t.primary(['return_id', 'card_id']);
    t.index(['card_id']);
  });

  // The data bundle a card carries (what the public balance check shows); usage is fed like eSIM usage.
  await knex.schema.createTable('card_bundles', (t) => {
    t.uuid('card_id').primary().references('id').inTable('cards');
    t.text('package_name').notNullable();
    t.integer('total_mb').notNullable();
    t.integer('used_mb').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('inactive');
    t.timestamp('activated_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.text('country');
    t.text('operator');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('settings', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.text('updated_by');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('seed_runs', (t) => {
    t.text('name').primary();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
