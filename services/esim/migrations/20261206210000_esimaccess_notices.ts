import type { Knex } from 'knex';

/**
 * eSIM Access beside the pool:
 * - esimaccess_notices: the webhooks eSIM Access sent that we acted on, by its notifyId, so a
 *   notification delivered twice is acted on once; the eSIM and the event's time let a notification
 *   older than one already acted on for the same eSIM be skipped without asking eSIM Access again.
 * - ICCIDs: eSIM Access hands an ICCID out again once its eSIM has ended (a cancelled profile goes
 *   back to its stock), so an ICCID is unique only among eSIMs that have not ended; the pool's and
 *   Airalo's stay unique for good. An eSIM Access profile is known by its esimTranNo (supplier_ref).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE esimaccess_notices (
      notify_id text PRIMARY KEY,
      notify_type text NOT NULL,
      esim_tran_no text,
      order_no text,
      event_at timestamptz,
      received_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX esimaccess_notices_by_esim ON esimaccess_notices (esim_tran_no, event_at) WHERE esim_tran_no IS NOT NULL;
    CREATE INDEX esimaccess_notices_by_age ON esimaccess_notices (received_at);

    ALTER TABLE profiles DROP CONSTRAINT profiles_iccid_key;
    CREATE UNIQUE INDEX profiles_iccid_once ON profiles (iccid) WHERE supplier <> 'esimaccess';
    CREATE UNIQUE INDEX profiles_iccid_live ON profiles (iccid)
      WHERE status IS NULL OR status NOT IN ('expired', 'revoked', 'refunded');
    CREATE INDEX profiles_by_iccid ON profiles (iccid);
  `);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
