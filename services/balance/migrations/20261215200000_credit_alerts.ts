import type { Knex } from 'knex';

/**
 * The share of its credit limit a dealer's debt was last announced at (`accounts.credit_alert_percent`
 * on the dealer's receivable: 0, 50, 70 or 90), so each crossing is announced once and again only after
 * the debt fell below it. Filled with where each dealer's debt stands now, so only crossings from now
 * on are announced.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE accounts ADD COLUMN credit_alert_percent smallint NOT NULL DEFAULT 0
      CONSTRAINT accounts_credit_alert_percent CHECK (credit_alert_percent IN (0, 50, 70, 90));
    UPDATE accounts a
       SET credit_alert_percent = CASE
             WHEN -a.balance * 100 >= l.limit_cents * 90 THEN 90
             WHEN -a.balance * 100 >= l.limit_cents * 70 THEN 70
             WHEN -a.balance * 100 >= l.limit_cents * 50 THEN 50
             ELSE 0
           END
      FROM (SELECT DISTINCT ON (dealer_id) dealer_id, limit_cents
              FROM credit_limit_changes ORDER BY dealer_id, id DESC) l
     WHERE a.kind = 'receivable' AND a.owner_kind = 'dealer' AND a.owner_id = l.dealer_id AND l.limit_cents > 0;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE accounts DROP COLUMN credit_alert_percent');
}
