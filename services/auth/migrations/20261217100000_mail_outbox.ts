import type { Knex } from 'knex';

/**
 * Mails to send, written with the change they tell of (mail/outbox.ts): sent after that commit,
 * outside any transaction, and tried again later when the SMTP server cannot take them. A sent
 * mail keeps its row, without its attachments, for a month.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE mail_outbox (
      id uuid PRIMARY KEY,
      mail jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )
  `);
  await knex.raw(`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending'`);
  await knex.raw(`CREATE INDEX mail_outbox_sent ON mail_outbox (sent_at) WHERE status = 'sent'`);
}

export async function down(): Promise<void> {
  throw new Error('Forward-only migrations: add a new one instead.');
}
