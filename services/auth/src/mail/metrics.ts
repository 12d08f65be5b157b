import { registerTableGauges, type Db, type Registry } from '@esim/platform';

/**
 * The mail outbox on auth's `/metrics`: how long the oldest unsent mail has waited (an SMTP server
 * down or refusing) and how many were given up.
 */
export function registerMailMetrics(registry: Registry, db: Db): void {
  registerTableGauges<{ oldest: number; given_up: number }>(
    registry,
    db,
    `SELECT coalesce((SELECT extract(epoch FROM now() - min(created_at)) FROM mail_outbox WHERE status = 'pending'), 0)::float AS oldest,
            (SELECT count(*)::int FROM mail_outbox WHERE status = 'failed') AS given_up`,
    [
      {
        name: 'auth_mail_oldest_unsent_seconds',
        help: 'Age of the oldest mail queued and not yet sent (0: none)',
        value: (row) => row.oldest,
      },
      {
        name: 'auth_mails_given_up',
        help: 'Mails given up (refused for good, or after their last try), kept with their error',
        value: (row) => row.given_up,
      },
    ],
  );
}
