import { Gauge, type Db, type Registry } from '@esim/platform';

/**
 * The mail outbox on auth's `/metrics`, read at scrape time: how long the oldest unsent mail has
 * waited (an SMTP server down or refusing) and how many were given up. One read per scrape.
 */
export function registerMailMetrics(registry: Registry, db: Db): void {
  let reading: Promise<{ oldest: number; given_up: number } | undefined> | undefined;
  const read = () =>
    (reading ??= db
      .raw(
        `SELECT coalesce((SELECT extract(epoch FROM now() - min(created_at)) FROM mail_outbox WHERE status = 'pending'), 0)::float AS oldest,
                (SELECT count(*)::int FROM mail_outbox WHERE status = 'failed') AS given_up`,
      )
      .then((result) => result.rows[0] as { oldest: number; given_up: number })
      // Database down: /ready says so; the gauges keep their last reading.
      .catch(() => undefined)
      .finally(() => setTimeout(() => (reading = undefined), 1_000).unref()));
  new Gauge({
    name: 'auth_mail_oldest_unsent_seconds',
    help: 'Age of the oldest mail queued and not yet sent (0: none)',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(row.oldest);
    },
  });
  new Gauge({
    name: 'auth_mails_given_up',
    help: 'Mails given up (refused for good, or after their last try), kept with their error',
    registers: [registry],
    async collect() {
      const row = await read();
      if (row) this.set(row.given_up);
    },
  });
}
