import { SCHEMA_SERVICES } from '../services';
import { cutoff, offendingIds, type RuleContext } from './rule';

/*
 * The event backbone's own tables, which every service schema has (the platform's migrations):
 * one UNION ALL over the schemas of SCHEMA_SERVICES, each id prefixed with its schema.
 */

function overEverySchema(select: (schema: string) => string): string {
  return SCHEMA_SERVICES.map((service) => select(service.schema)).join('\nUNION ALL\n');
}

/** No outbox row has waited longer than `outboxMaxAgeMs` for the relay: a relay that is not running leaves them there. */
export function noStaleOutboxRows({ trx, now, outboxMaxAgeMs }: RuleContext): Promise<string[]> {
  const before = cutoff(now, outboxMaxAgeMs);
  return offendingIds(
    trx,
    `SELECT id FROM (${overEverySchema(
      (schema) =>
        `SELECT '${schema}:' || event_id AS id, created_at FROM ${schema}.outbox WHERE published_at IS NULL AND created_at < ?`,
    )}) stale ORDER BY created_at, id`,
    SCHEMA_SERVICES.map(() => before),
  );
}

/** No event is parked or re-queued (a handler that kept failing): each is a state change that did not happen. */
export function noParkedEvents({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(
    trx,
    `SELECT id FROM (${overEverySchema(
      (schema) => `SELECT '${schema}:' || id AS id, parked_at FROM ${schema}.parked_events WHERE status <> 'resolved'`,
    )}) open ORDER BY parked_at, id`,
  );
}

/** No mail was given up (the SMTP server refused it for good, or for every try): someone was not told. */
export function noMailGivenUp({ trx }: RuleContext): Promise<string[]> {
  return offendingIds(trx, `SELECT id FROM auth.mail_outbox WHERE status = 'failed' ORDER BY created_at, id`);
}
