import { USER_TYPE } from '@esim/contracts';
import { offendingIds, type RuleContext } from './rule';

/** Every live physical card with an owner belongs to a dealer auth knows and has not deleted (a dealer is deleted only once they hold no cards). */
export function cardOwnersAreLiveDealers({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT c.id FROM physical_sim.cards c
      WHERE c.owner_user_id IS NOT NULL AND c.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id::text = c.owner_user_id AND u.user_type = ? AND u.deleted_at IS NULL)
      ORDER BY c.id`,
    [USER_TYPE.dealer],
  );
}

/**
 * Every eSIM order has its profiles: a completed one exactly as many as its quantity, one that never
 * got them (placed, held, voiding, failed) none, as provisioning assigns an order's profiles and
 * completes it in one transaction. (`provisioned`, a step of older versions only, has them too.)
 * A top-up order takes no profile but adds one bundle to its eSIM, in the same way: one bundle
 * once completed, none before or when it failed.
 */
export function esimOrdersHaveTheirProfiles({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT o.id FROM esim.orders o
       LEFT JOIN (SELECT order_id, count(*) AS n FROM esim.profiles WHERE order_id IS NOT NULL GROUP BY order_id) p ON p.order_id = o.id
       LEFT JOIN (SELECT order_id, count(*) AS n FROM esim.profile_bundles GROUP BY order_id) b ON b.order_id = o.id
      WHERE (o.top_up_profile_id IS NULL AND (
              (o.step = 'completed' AND coalesce(p.n, 0) <> o.quantity)
           OR (o.step <> 'completed' AND coalesce(p.n, 0) > 0)))
         OR (o.top_up_profile_id IS NOT NULL AND (
              coalesce(p.n, 0) > 0
           OR (o.step = 'completed' AND coalesce(b.n, 0) <> 1)
           OR (o.step <> 'completed' AND coalesce(b.n, 0) > 0)))
      ORDER BY o.created_at, o.id`,
  );
}
