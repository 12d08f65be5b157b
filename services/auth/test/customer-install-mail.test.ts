import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@esim/contracts';
import { createDb, createEventBus, publish, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../infra/src/mail-catcher';
import { installDetails } from './mail-support';
import { seedDemoData } from '../src/seed';
import { startAuth, type AuthTestApp } from './support';

/**
 * "Send to customer" inside auth: esim's install-mail event naming a customer, through the real
 * event bus, goes to that customer in the dealer's name: the From name, the header, the greeting and
 * the signature are the dealer's company, replies go to the dealer, the QR is inline, and the shop is
 * named only as the technical sender in the footer.
 */
process.env.EVENTS_METRICS_LOG_MS = '0';

let app: AuthTestApp;
let mail: MailCatcher;
let producer: { db: Knex; bus: EventBus };
let dealer: { id: string; email: string; company_name: string };
let retailId: string;

async function emit(payload: EventPayload<'esim.order.install-mail'>) {
  await producer.db.transaction((trx) =>
    publish(trx, 'esim', { type: 'esim.order.install-mail', aggregateId: payload.orderId, payload }),
  );
}

const request = (userId: string, email: string, locale: 'tr' | 'en'): EventPayload<'esim.order.install-mail'> => ({
  orderId: randomUUID(),
  userId,
  orderNumber: `CU${randomUUID().slice(0, 8).toUpperCase()}`,
  packageNameTr: 'Türkiye 3 GB',
  packageNameEn: 'Turkey 3 GB',
  planTitleTr: 'Türkiye 3 GB · 7 gün',
  planTitleEn: 'Turkey 3 GB · 7 days',
  locale,
  esims: [installDetails('8990011234567890128')],
  customer: { name: 'Ayşe Yılmaz', email },
});

beforeAll(async () => {
  mail = await startMailCatcher();
  app = await startAuth({ SMTP_URL: mail.smtpUrl });
  await seedDemoData(app.db);
  dealer = await app
    .db('users')
    .join('dealer_profiles', 'dealer_profiles.user_id', 'users.id')
    .where({ 'users.email': 'dealer@esim.test' })
    .first('users.id', 'users.email', 'dealer_profiles.company_name');
  retailId = (await app.db('users').where({ email: 'customer@esim.test' }).first('id')).id;
  const db = createDb(app.config.DATABASE_URL, 'esim', 2);
  const bus = createEventBus({ service: 'esim', db, config: app.config, settings: { metricsLogIntervalMs: 0 } });
  await bus.start();
  producer = { db, bus };
  await app.events.start();
});

afterAll(async () => {
  await producer?.bus.stop();
  await producer?.db.destroy();
  await app?.close();
  await mail?.stop();
});

const mailTo = (address: string) =>
  waitFor(async () => (await mail.messages()).find((m) => m.to.includes(address)), {
    what: `the mail to ${address}`,
    timeoutMs: 20_000,
  });

describe("the install mail to a dealer's customer", () => {
  it("comes from the dealer's company, greets the customer in its name, carries the QR inline, and names the shop only as the sender", async () => {
    const address = `musteri-${randomUUID().slice(0, 8)}@example.com`;
    const payload = request(dealer.id, address, 'tr');
    await emit(payload);
    const sent = await mailTo(address);
    expect(sent.from).toEqual([{ name: dealer.company_name, address: expect.any(String) }]);
    expect(sent.replyTo).toEqual([dealer.email]);
    expect(sent.subject).toBe(`${dealer.company_name}: eSIM kurulum bilgileriniz (${payload.orderNumber})`);
    expect(sent.text).toContain(
      `Merhaba Ayşe Yılmaz, ${dealer.company_name} olarak Türkiye 3 GB · 7 gün paketinizin eSIM kurulum bilgilerini gönderiyoruz.`,
    );
    expect(sent.text).toContain(`Saygılarımızla, ${dealer.company_name}`);
    expect(sent.text).toMatch(new RegExp(`Bu e-posta ${dealer.company_name} adına .+ tarafından gönderilmiştir\\.`));
    expect(sent.text).toContain('LPA:1$smdp.example.com$MATCH-890128');
    // The QR inline (a Content-ID the html shows), and no shop logo or support line in a dealer's mail.
    expect(sent.attachments).toEqual([
      expect.objectContaining({ fileName: '8990011234567890128.png', contentId: 'qr-8990011234567890128@esim' }),
    ]);
    expect(sent.html).toContain('cid:qr-8990011234567890128@esim');
    expect(sent.text).not.toMatch(/Destek:/);
    // The dealer itself gets nothing.
    expect((await mail.messages()).filter((m) => m.subject.includes(payload.orderNumber))).toHaveLength(1);
  });

  it('speaks English when asked, and sends nothing in a company’s name for a buyer who is not a dealer', async () => {
    const notDealer = `not-dealer-${randomUUID().slice(0, 8)}@example.com`;
    const retail = request(retailId, notDealer, 'en');
    await emit(retail);
    const address = `customer-${randomUUID().slice(0, 8)}@example.com`;
    await emit(request(dealer.id, address, 'en'));
    const sent = await mailTo(address);
    expect(sent.text).toContain(`Hello Ayşe Yılmaz, ${dealer.company_name} here with the install details`);
    expect(sent.text).toMatch(new RegExp(`This e-mail was sent by .+ on behalf of ${dealer.company_name}`));
    // The retail buyer's request was handled (its inbox row written) and mailed nobody.
    const event = await producer.db('outbox').where({ aggregate_id: retail.orderId }).first('event_id');
    await waitFor(() => app.db('inbox').where({ event_id: event.event_id }).first(), {
      what: "the retail buyer's request handled",
    });
    expect((await mail.messages()).some((m) => m.to.includes(notDealer))).toBe(false);
  });
});
