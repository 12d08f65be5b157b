import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { repeatingWork, retryDelayMs, type ServingWork } from '@esim/platform';
import type { Mail, Mailer } from './mailer';

export interface MailOutboxOptions {
  /** The first retry after a failed try; each further one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Tries before a mail is given up (status `failed`, kept with its last error). */
  maxAttempts: number;
  /** The domain of our Message-IDs (a mail sent twice after a crash is recognisably one message). */
  messageIdDomain: string;
  log: FastifyBaseLogger;
}

/**
 * Mails are queued, not sent, by the code that decides them: a row written with its change (in the
 * same transaction, so an event handler's mail commits with its inbox row and a rolled-back change
 * mails nothing), then sent by a pass of this process right after the commit, outside any transaction. One the
 * SMTP server could not take waits for the retry loop (`work`), leased to one copy at a time.
 * Why: docs/decisions/0024-mails-through-an-outbox.md.
 */
export interface MailOutbox {
  queue(db: Knex | Knex.Transaction, mail: Mail): Promise<void>;
  /** The mails due now (retries, or ones whose first try never ran), each sent once; how many went out. */
  sendDue(): Promise<number>;
  /** The retry loop, as work every copy runs while it serves. */
  work(intervalMs: number): ServingWork;
  /** Waits for the sends started after commits (the app's close). */
  settle(): Promise<void>;
}

interface OutboxRow {
  id: string;
  mail: StoredMail;
  attempts: number;
}

/** A mail as a row keeps it: attachments in base64. */
type StoredMail = Omit<Mail, 'attachments'> & {
  attachments?: Array<Omit<NonNullable<Mail['attachments']>[number], 'content'> & { content: string }>;
};

const toStored = (mail: Mail): StoredMail => ({
  ...mail,
  attachments: mail.attachments?.map((file) => ({ ...file, content: file.content.toString('base64') })),
});

const fromStored = (mail: StoredMail): Mail => ({
  ...mail,
  attachments: mail.attachments?.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
});

/** Longer than an SMTP exchange can take: a mail taken is another copy's again only after it. */
const LEASE_MS = 120_000;
const BATCH = 20;
const KEEP_SENT_DAYS = 30;

/** An SMTP answer of 5xx is final (no such mailbox, refused): trying again cannot help. */
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMailOutbox(db: Knex, mailer: Mailer, options: MailOutboxOptions): MailOutbox {
  let prunedAt = 0;

  /** Takes the due mails for this copy: the lease is the next try's time. */
  const take = async (): Promise<OutboxRow[]> => {
    const taken = await db.raw(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + (? * interval '1 millisecond')
        WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
        RETURNING id, mail, attempts`,
      [LEASE_MS, BATCH],
    );
    return taken.rows as OutboxRow[];
  };

  const send = async (row: OutboxRow): Promise<boolean> => {
    try {
      await mailer.send(fromStored(row.mail), { messageId: `<${row.id}@${options.messageIdDomain}>` });
      // What was sent stays for a while; its attachments (QR codes, PDFs) are not kept.
      await db('mail_outbox')
        .where({ id: row.id })
        .update({ status: 'sent', sent_at: db.fn.now(), last_error: null, mail: db.raw(`mail - 'attachments'`) });
      return true;
    } catch (error) {
      const final = isPermanent(error) || row.attempts >= options.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      const context = { err: error, mailId: row.id, subject: row.mail.subject, attempts: row.attempts };
      if (final) options.log.error(context, 'mail given up');
      else options.log.warn(context, 'mail not sent; trying again later');
      await db('mail_outbox')
        .where({ id: row.id })
        .update({
          last_error: message.slice(0, 500),
          ...(final
            ? { status: 'failed' }
            : { next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts, options)) }),
        });
      return false;
    }
  };

  const sendDue = async (): Promise<number> => {
    let sent = 0;
    for (let rows = await take(); rows.length > 0; rows = await take()) {
      for (const row of rows) if (await send(row)) sent += 1;
      if (rows.length < BATCH) break;
    }
    if (Date.now() - prunedAt > 3_600_000) {
      prunedAt = Date.now();
      await db('mail_outbox')
        .where({ status: 'sent' })
        .where('sent_at', '<', db.raw(`now() - make_interval(days => ?)`, [KEEP_SENT_DAYS]))
        .delete();
    }
    return sent;
  };

  // One pass at a time in this process; a commit during a pass asks for one more after it.
  let pass: Promise<unknown> | undefined;
  let again = false;
  const sendSoon = () => {
    if (pass) {
      again = true;
      return;
    }
    pass = sendDue()
      .catch((error: unknown) => options.log.warn({ err: error }, 'mail send pass failed; the retry loop sends later'))
      .finally(() => {
        pass = undefined;
        if (again) {
          again = false;
          sendSoon();
        }
      });
  };

  return {
    async queue(target, mail) {
      await target('mail_outbox').insert({ id: randomUUID(), mail: JSON.stringify(toStored(mail)) });
      const trx = target as Knex.Transaction;
      // After the commit (a rollback sends nothing): the caller's answer never waits on the SMTP server.
      if (trx.isTransaction)
        trx.executionPromise.then(
          () => sendSoon(),
          () => {},
        );
      else sendSoon();
    },
    sendDue,
    work: (intervalMs) =>
      repeatingWork('mail', intervalMs, sendDue, (error) => options.log.error({ err: error }, 'mail pass failed')),
    async settle() {
      while (pass) await pass;
    },
  };
}
