import type { Knex } from 'knex';

/**
 * Partitions of the event log: each row gets the partition of its key (16, a hash of the aggregate
 * id, as the relay computes it), offsets are kept per group and partition, and the processes of a
 * group record themselves in `consumer_members` to share the partitions. An existing group keeps its
 * position: every partition starts at the offset the group had, since it had read everything up to it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE platform.event_log ADD COLUMN partition smallint;
    UPDATE platform.event_log SET partition = mod(hashtext(key) & 2147483647, 16);
    ALTER TABLE platform.event_log ALTER COLUMN partition SET NOT NULL;
    CREATE INDEX event_log_partition_position ON platform.event_log (partition, position);

    ALTER TABLE platform.consumer_offsets ADD COLUMN partition smallint NOT NULL DEFAULT 0;
    ALTER TABLE platform.consumer_offsets DROP CONSTRAINT consumer_offsets_pkey;
    ALTER TABLE platform.consumer_offsets ADD PRIMARY KEY (group_id, partition);
    ALTER TABLE platform.consumer_offsets ALTER COLUMN partition DROP DEFAULT;
    INSERT INTO platform.consumer_offsets (group_id, partition, position, updated_at)
    SELECT o.group_id, p, o.position, o.updated_at FROM platform.consumer_offsets o CROSS JOIN generate_series(1, 15) AS p
    ON CONFLICT DO NOTHING;

    CREATE TABLE platform.consumer_members (
      group_id text NOT NULL,
      member_id uuid NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (group_id, member_id)
    );
  `);
}
