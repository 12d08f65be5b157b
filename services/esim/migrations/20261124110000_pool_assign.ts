import type { Knex } from 'knex';

/**
 * `pool_assign`: the pool's allocation for many orders in one call (the saga provisions the orders
 * of one moment together: orders/provisioning.ts). Each order in turn, in the order given, exactly
 * as one order alone: its package's oldest free profiles, `FOR UPDATE SKIP LOCKED` (concurrent
 * allocations never wait on each other's rows nor get the same profile), taken only when there are
 * enough of them; for each profile taken, the package's low-stock threshold and what is left of its
 * free profiles up to that threshold (the subquery sees the table as the statement found it, the
 * taken profiles still free: it counts that much further and takes them off). One round trip for
 * the batch instead of one per order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION pool_assign(
      p_orders uuid[], p_users text[], p_packages text[], p_quantities int[], p_data_totals bigint[], p_default_threshold int
    ) RETURNS TABLE (r_idx int, r_iccid text, r_threshold int, r_available int) LANGUAGE plpgsql AS $$
    DECLARE
      i int;
    BEGIN
      FOR i IN 1 .. coalesce(array_length(p_orders, 1), 0) LOOP
        RETURN QUERY
          WITH picked AS (
                 SELECT id FROM profiles
                  WHERE package_code = p_packages[i] AND pool_status = 'available'
                  ORDER BY created_at, iccid
                  LIMIT p_quantities[i] FOR UPDATE SKIP LOCKED),
               limits AS (
                 SELECT coalesce((SELECT threshold FROM pool_thresholds WHERE package_code = p_packages[i]), p_default_threshold) AS threshold)
          UPDATE profiles p
             SET pool_status = 'assigned', order_id = p_orders[i], user_id = p_users[i], status = 'inactive',
                 data_total_bytes = p_data_totals[i], assigned_at = now(), updated_at = now()
            FROM picked, limits
           WHERE p.id = picked.id AND (SELECT count(*) FROM picked) = p_quantities[i]
          RETURNING i, p.iccid, limits.threshold,
                    (SELECT count(*)::int FROM (SELECT 1 FROM profiles
                       WHERE package_code = p_packages[i] AND pool_status = 'available'
                       LIMIT limits.threshold + p_quantities[i]) s) - p_quantities[i];
      END LOOP;
    END $$`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
