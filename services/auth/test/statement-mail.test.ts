import { randomUUID } from 'node:crypto';
import { formatEuros } from '@esim/contracts';
import { createDb, createEventBus, publish, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../infra/src/mail-catcher';
import { statementReadyMail } from '../src/mail/statement-templates';
import { seededSessions, startAuth, type AuthTestApp } from './support';
import { rendered } from './mail-support';

process.env.EVENTS_METRICS_LOG_MS = '0';

const to = { email: 'bayi@example.com', fullName: 'Deniz <Bayi>' };
const ready = {
  dealerId: '3f2a9c1e-8f7a-4d0e-9c55-2a9f6a1c0b11',
  month: '2026-11',
  openingBalanceCents: 12_345_00,
  closingBalanceCents: -250_50,
  creditUsedCents: 1_000_00,
};

describe("the dealer's statement-ready mail", () => {
  it('names the month and the figures, Turkish first then English, with a link to the statements page', async () => {
    const mail = await rendered(statementReadyMail(ready, to, 'https://shop.test/'));
    expect(mail.to).toBe('bayi@example.com');
    expect(mail.subject).toBe('Hesap ekstreniz hazır (Kasım 2026) / Your statement is ready (November 2026)');
    expect(mail.text).toContain('Kasım 2026 dönemine ait hesap ekstreniz hazır.');
    expect(mail.text).toContain(`Açılış bakiyesi: ${formatEuros(12_345_00)}`);
    expect(mail.text).toContain(`Kapanış bakiyesi: ${formatEuros(-250_50)}`);
    expect(mail.text).toContain(`Kullanılan kredi (borç): ${formatEuros(1_000_00)}`);
    expect(mail.text).toContain('Closing balance: -€250.50');
    expect(mail.text.indexOf('hesap ekstreniz hazır')).toBeLessThan(mail.text.indexOf('Your account statement'));
    expect(mail.text).toContain('https://shop.test/dashboard/statements?month=2026-11');
    expect(mail.html).toContain('Deniz &lt;Bayi&gt;');
    expect(mail.html).not.toContain('<Bayi>');
    // The dealer's id is for the mailer, never the reader.
    expect(mail.text).not.toContain(ready.dealerId);
  });
});

describe('balance.statement.ready through the event bus', () => {
  let app: AuthTestApp;
  let mail: MailCatcher;
  let balanceDb: Knex;
  let balanceBus: EventBus;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startAuth({ SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' });
    await seededSessions(app);
    balanceDb = createDb(app.config.DATABASE_URL, 'balance', 2);
    balanceBus = createEventBus({
      service: 'balance',
      db: balanceDb,
      config: app.config,
      settings: { metricsLogIntervalMs: 0 },
    });
    await balanceBus.start();
    await app.events.start();
  });
  afterAll(async () => {
    await balanceBus.stop();
    await balanceDb.destroy();
    await app.close();
    await mail.stop();
  });

  it('mails the dealer once, with the figures and the link to the statement page', async () => {
    const dealer = await app.db('users').where({ email: 'dealer@esim.test' }).first('id', 'full_name');
    const payload = { ...ready, dealerId: dealer.id, month: '2026-10' };
    await balanceDb.transaction((trx) =>
      publish(trx, 'balance', { type: 'balance.statement.ready', aggregateId: randomUUID(), payload }),
    );
    const [message] = (await waitFor(
      async () => {
        const found = (await mail.messages()).filter((m) => m.to.includes('dealer@esim.test'));
        return found.length > 0 ? found : undefined;
      },
      { what: 'the statement mail' },
    ))!;
    expect(message!.subject).toBe('Hesap ekstreniz hazır (Ekim 2026) / Your statement is ready (October 2026)');
    expect(message!.text).toContain(`Merhaba ${dealer.full_name},`);
    expect(message!.text).toContain('https://shop.example.com/dashboard/statements?month=2026-10');
    // Handled once: nothing more arrives for the same event.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mail.messages()).filter((m) => m.to.includes('dealer@esim.test'))).toHaveLength(1);
  });
});
