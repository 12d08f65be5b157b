import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { publish } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { createMailer, type Mail, type Mailer } from '../src/mail/mailer';
import { createMailOutbox, type MailOutbox } from '../src/mail/outbox';
import { sampleReceipt, installDetails } from './mail-support';
import { seededSessions, startAuth, type AuthTestApp } from './support';

process.env.EVENTS_METRICS_LOG_MS = '0';

/**
 * A real SMTP server whose answer the test chooses: it takes mails, refuses them for now (451, as
 * a server over its limits does) or for good (550, no such mailbox).
 */
interface TestSmtp {
  url: string;
  mode: 'take' | 'later' | 'never';
  received: Array<{ messageId: string; subject: string }>;
  close(): Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const smtp: TestSmtp = { url: '', mode: 'take', received: [], close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (smtp.mode === 'take') return callback();
      const error = Object.assign(new Error(smtp.mode === 'later' ? 'Try again later' : 'No such mailbox'), {
        responseCode: smtp.mode === 'later' ? 451 : 550,
      });
      callback(error);
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        smtp.received.push({
          messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim() ?? '',
          subject: /^Subject: (.+)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  smtp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return smtp;
}

const mailTo = (subject: string): Mail => ({
  to: 'traveller@example.com',
  subject,
  locale: 'en',
  blocks: [{ kind: 'text', text: 'Hello' }],
  attachments: [{ filename: 'qr.png', content: Buffer.from('not really a png'), contentType: 'image/png' }],
});

describe('the mail outbox', () => {
  let app: AuthTestApp;
  let smtp: TestSmtp;
  let outbox: MailOutbox;
  let mailer: Mailer;
  const rows = () => app.db('mail_outbox').orderBy('created_at');
  /** The retry delay is over: the row is due now (instead of waiting it out). */
  const due = () =>
    app
      .db('mail_outbox')
      .where({ status: 'pending' })
      .update({ next_attempt_at: new Date(0) });
  const sentTo = (subject: string) => smtp.received.filter((m) => m.subject === subject);

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startAuth({ SMTP_URL: smtp.url });
    await seededSessions(app);
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Shop <no-reply@shop.example.com>',
      brand: async () => ({ name: 'Shop' }) as never,
    });
    outbox = createMailOutbox(app.db, mailer, {
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      maxAttempts: 3,
      messageIdDomain: 'shop.example.com',
      log: app.log,
    });
  });
  afterAll(async () => {
    await outbox?.settle();
    await app?.close();
    mailer?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    smtp.mode = 'take';
    await app.db('mail_outbox').delete();
  });

  it('sends a mail queued in a transaction once it commits, and one rolled back never', async () => {
    await app.db.transaction(async (trx) => {
      await outbox.queue(trx, mailTo('committed'));
      // Not before the commit: the change the mail tells of may still roll back.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sentTo('committed')).toHaveLength(0);
    });
    await app.db
      .transaction(async (trx) => {
        await outbox.queue(trx, mailTo('rolled back'));
        throw new Error('the change fails');
      })
      .catch(() => {});
    await outbox.settle();
    const [row] = await rows();
    expect(sentTo('committed')).toEqual([{ subject: 'committed', messageId: `<${row.id}@shop.example.com>` }]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    // What was sent is kept without its attachments.
    expect(row.mail.subject).toBe('committed');
    expect(row.mail.attachments).toBeUndefined();
    expect(await rows()).toHaveLength(1);
    expect(sentTo('rolled back')).toHaveLength(0);
    expect(await outbox.sendDue()).toBe(0);
  });

  it('keeps a mail the server cannot take now, and sends it once later, with the same Message-ID', async () => {
    smtp.mode = 'later';
    await outbox.queue(app.db, mailTo('later'));
    await outbox.settle();
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.last_error).toContain('Try again later');
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: the loop leaves it.
    expect(await outbox.sendDue()).toBe(0);
    smtp.mode = 'take';
    await due();
    expect(await outbox.sendDue()).toBe(1);
    expect(await outbox.sendDue()).toBe(0);
    expect(sentTo('later')).toEqual([{ subject: 'later', messageId: `<${waiting.id}@shop.example.com>` }]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('sends a due mail once when two copies look at the same moment', async () => {
    smtp.mode = 'later';
    await outbox.queue(app.db, mailTo('raced'));
    await outbox.settle();
    smtp.mode = 'take';
    await due();
    const [first, second] = await Promise.all([outbox.sendDue(), outbox.sendDue()]);
    expect(first + second).toBe(1);
    expect(sentTo('raced')).toHaveLength(1);
  });

  it('gives a mail up at once when the server refuses it for good, and after the last try otherwise', async () => {
    smtp.mode = 'never';
    await outbox.queue(app.db, mailTo('no such mailbox'));
    await outbox.settle();
    expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 1 });

    await app.db('mail_outbox').delete();
    smtp.mode = 'later';
    await outbox.queue(app.db, mailTo('always later'));
    await outbox.settle();
    for (let i = 0; i < 3; i += 1) {
      await due();
      await outbox.sendDue();
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.last_error).toContain('Try again later');
    expect(sentTo('always later')).toHaveLength(0);
    // Operations hear of it (the MailsGivenUp alert reads this gauge).
    const metrics = await app.inject({
      url: '/metrics',
      headers: { 'x-service-token': app.config.INTERNAL_SERVICE_TOKEN },
    });
    expect(metrics.body).toContain('auth_mails_given_up{service="auth"} 1');
  });

  it('an SMTP server that cannot take the mail holds up no event: the receipt is handled, then mailed later', async () => {
    smtp.mode = 'later';
    await app.events.start();
    const orderId = randomUUID();
    const event = await publish(app.db, 'esim', {
      type: 'esim.order.receipt',
      aggregateId: orderId,
      payload: {
        ...sampleReceipt('en', [installDetails('8990011234567890144')]),
        orderId,
        orderNumber: 'OUTBOX0001',
        userId: demoAccount('customer@esim.test').id,
      },
    });
    // Handled at the first try (its inbox row and the queued mail commit together), nothing parked.
    await waitFor(() => app.db('inbox').where({ event_id: event.id }).first(), { what: 'the receipt handled' });
    await waitFor(async () => (await rows()).some((row) => row.last_error !== null), { what: 'the first try refused' });
    expect(Number((await app.db('parked_events').count({ n: '*' }).first())?.n)).toBe(0);
    expect(smtp.received.filter((m) => m.subject.includes('OUTBOX0001'))).toHaveLength(0);
    smtp.mode = 'take';
    await due();
    expect(await outbox.sendDue()).toBe(1);
    expect(smtp.received.filter((m) => m.subject.includes('OUTBOX0001'))).toHaveLength(1);
  });
});
