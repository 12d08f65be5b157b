import type { Knex } from 'knex';

/**
 * Accounts of every role in one table, the dealer and sales-manager profiles beside it.
 * Users are soft-deleted (deleted_at) so ids kept by other services stay meaningful; a deleted
 * user's email may be registered again (the unique index covers live accounts only).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Stored lower-cased; the unique index on lower(email) keeps it case-insensitive even if one slips through.
    t.text('email').notNullable();
    t.text('password_hash').notNullable();
    t.text('full_name').notNullable();
    t.text('phone');
    t.smallint('user_type').notNullable();
    t.specificType('roles', 'text[]');
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    t.check('user_type BETWEEN 1 AND 4', [], 'users_user_type_check');
    t.check("status IN ('active', 'suspended')", [], 'users_status_check');
    t.index(['user_type']);
  });
  await knex.raw('CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL');

  await knex.schema.createTable('dealer_profiles', (t) => {
    // A dealer's id is its user id: other services key dealers by it.
    t.uuid('user_id').primary().references('users.id');
    t.text('company_name').notNullable();
    t.text('tax_number');
    t.text('address');
    t.uuid('sales_manager_id').references('users.id');
    t.index(['sales_manager_id']);
  });

  await knex.schema.createTable('sales_manager_profiles', (t) => {
    t.uuid('user_id').primary().references('users.id');
    t.text('region');
  });

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary();
    // Every token rotated from one login shares the family; reuse of a rotated token revokes it all.
    t.uuid('family_id').notNullable();
    t.uuid('user_id').notNullable().references('users.id');
    t.text('token_hash').notNullable().unique();
    t.boolean('remember_me').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.uuid('replaced_by');
    t.timestamp('revoked_at', { useTz: true });
    t.text('revoked_reason');
    t.text('ip');
    t.text('user_agent');
    t.index(['family_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id');
    t.text('token_hash').notNullable().unique();
    // 'reset' (forgot password) or 'invitation' (account created without a password).
    t.text('purpose').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.text('requested_ip');
    t.index(['user_id']);
  });

  // Demo mode's generated signing keys, kept so a restart does not sign everyone out.
  await knex.schema.createTable('signing_keys', (t) => {
    t.text('kid').primary();
    t.text('alg').notNullable();
    t.text('private_key').notNullable();
    t.jsonb('public_jwk').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}
