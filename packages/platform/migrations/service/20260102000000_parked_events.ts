import type { Knex } from 'knex';

/**
 * Dead letters of this service's consumers: a message whose handler kept failing is parked here
 * (never dropped) and the consumer moves on. An operator re-queues it (`npm run events -- unpark <id>`);
 * the consumer then runs it again and marks it resolved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('parked_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('consumer').notNullable();
    // Null when the message could not even be read as an envelope.
    t.uuid('event_id');
    t.text('type');
    t.text('topic');
    t.text('aggregate_id');
    t.jsonb('envelope').notNullable();
    /** Where it came from: `log:<position>` or `kafka:<topic>/<partition>@<offset>`. */
    t.text('source').notNullable();
    t.integer('attempts').notNullable();
    t.text('last_error').notNullable();
    /** parked → requeued (by an operator) → resolved (handled) or parked again. */
    t.text('status').notNullable().defaultTo('parked');
    t.timestamp('parked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('requeued_at', { useTz: true });
    t.timestamp('resolved_at', { useTz: true });
  });
  await knex.raw(`CREATE INDEX parked_events_open ON parked_events (consumer, status) WHERE status <> 'resolved'`);
  await knex.raw('CREATE INDEX parked_events_event ON parked_events (event_id)');
}
