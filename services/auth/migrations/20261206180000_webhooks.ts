import type { Knex } from 'knex';

/**
 * A dealer's webhooks (docs/partner-api.md, Webhooks). The secret is kept as it is, since every
 * delivery is signed with it; the previous one signs too until `previous_secret_expires_at`. A
 * delivery is one event for one endpoint (unique per endpoint, so a redelivered internal event
 * queues nothing twice), sent by a leased loop; every try is kept for the log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE webhook_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      dealer_id uuid NOT NULL REFERENCES users(id),
      url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
      events text[] NOT NULL CHECK (cardinality(events) >= 1),
      description text,
      secret text NOT NULL,
      previous_secret text,
      previous_secret_expires_at timestamptz,
      active boolean NOT NULL DEFAULT true,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `);
  await knex.raw('CREATE INDEX webhook_endpoints_dealer ON webhook_endpoints (dealer_id, created_at DESC)');
  await knex.raw(`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz DEFAULT now(),
      retry_until timestamptz NOT NULL DEFAULT now() + interval '24 hours',
      last_status_code integer,
      last_error text,
      lease_owner text,
      leased_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      UNIQUE (endpoint_id, event_id)
    )
  `);
  await knex.raw(
    `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
  );
  await knex.raw('CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC)');
  await knex.raw(`
    CREATE TABLE webhook_attempts (
      id bigserial PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      status_code integer,
      duration_ms integer NOT NULL,
      error text
    )
  `);
  await knex.raw('CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS webhook_attempts');
  await knex.raw('DROP TABLE IF EXISTS webhook_deliveries');
  await knex.raw('DROP TABLE IF EXISTS webhook_endpoints');
}
