import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@esim/contracts';
import { createDb, createEventBus, publish, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../infra/src/mail-catcher';
import { bearer, forwardedFor, freshIp, seededSessions, startAuth, type AuthTestApp } from './support';

process.env.EVENTS_METRICS_LOG_MS = '0';

/**
 * The usage alerts and credit thresholds auth consumes from esim's and balance's outboxes: each
 * becomes the dealer's webhook (`esim.usage` at 50, 80 and 100 %, `credit.used` at 50, 70 and 90 %),
 * and only the 80 and 100 % usage alerts are also mailed (a traveller gets no mail at half their data).
 */
describe('usage alerts and credit thresholds through the event bus', () => {
  let app: AuthTestApp;
  let mail: MailCatcher;
  let dealerToken: string;
  let dealerId: string;
  const buses: EventBus[] = [];
  const dbs: Knex[] = [];
  let esimDb: Knex;
  let balanceDb: Knex;

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startAuth({ SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' });
    dealerToken = (await seededSessions(app)).dealer;
    dealerId = (await app.db('users').where({ email: 'dealer@esim.test' }).first('id')).id;
    for (const service of ['esim', 'balance'] as const) {
      const db = createDb(app.config.DATABASE_URL, service, 2);
      const bus = createEventBus({ service, db, config: app.config, settings: { metricsLogIntervalMs: 0 } });
      await bus.start();
      dbs.push(db);
      buses.push(bus);
    }
    [esimDb, balanceDb] = dbs as [Knex, Knex];
    await app.events.start();
  });
  afterAll(async () => {
    for (const bus of buses) await bus.stop();
    for (const db of dbs) await db.destroy();
    await app?.close();
    await mail?.stop();
  });

  const deliveries = (endpointId: string, count: number) =>
    waitFor(
      async () => {
        const rows = await app.db('webhook_deliveries').where({ endpoint_id: endpointId }).orderBy('created_at');
        return rows.length >= count ? rows : undefined;
      },
      { what: `${count} deliveries` },
    );

  it("queues esim.usage at 50 and 80 % for the dealer's endpoint, and mails the owner only at 80 %", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/user/webhooks',
      headers: { ...bearer(dealerToken), ...forwardedFor(freshIp()), 'idempotency-key': `usage-50-${randomUUID()}` },
      payload: { url: 'http://127.0.0.1:1/usage', events: ['esim.usage'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpointId = created.json().data.id;
    const esimId = randomUUID();
    const alert = (kind: 'usage-50' | 'usage-80', usedBytes: number): EventPayload<'esim.profile.usage-alert'> => ({
      esimId,
      iccid: '8990000000000000001',
      orderId: randomUUID(),
      userId: dealerId,
      kind,
      orderNumber: 'ES-USAGE50',
      packageNameTr: 'Türkiye 1 GB',
      packageNameEn: 'Turkey 1 GB',
      usedBytes,
      totalBytes: 1000,
      expiresAt: null,
      locale: 'tr',
    });
    await esimDb.transaction(async (trx) => {
      await publish(trx, 'esim', {
        type: 'esim.profile.usage-alert',
        aggregateId: esimId,
        payload: alert('usage-50', 500),
      });
      await publish(trx, 'esim', {
        type: 'esim.profile.usage-alert',
        aggregateId: esimId,
        payload: alert('usage-80', 810),
      });
    });

    const rows = (await deliveries(endpointId, 2))!;
    const seen = rows.map((row) => [row.event_type, row.payload.data.percent, row.payload.data.used_bytes]);
    expect(seen.sort((x, y) => Number(x[1]) - Number(y[1]))).toEqual([
      ['esim.usage', 50, 500],
      ['esim.usage', 80, 810],
    ]);
    // Both alerts were handled (their deliveries commit with the mail handler's transaction): one mail, the 80 % one.
    const mails = (await waitFor(
      async () => {
        const found = (await mail.messages()).filter((m) => m.subject.includes('ES-USAGE50'));
        return found.length > 0 ? found : undefined;
      },
      { what: 'the 80 % mail' },
    ))!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = (await mail.messages()).filter((m) => m.subject.includes('ES-USAGE50'));
    expect(all).toHaveLength(1);
    expect(mails[0]!.subject).toContain('%80');
    expect(mails[0]!.to).toContain('dealer@esim.test');
  });

  it("subscribes to balance's credit thresholds: the dealer's endpoint that chose credit.used gets it, others not", async () => {
    const endpoint = async (events: string[]) => {
      const created = await app.inject({
        method: 'POST',
        url: '/user/webhooks',
        headers: { ...bearer(dealerToken), ...forwardedFor(freshIp()), 'idempotency-key': `credit-${randomUUID()}` },
        payload: { url: 'http://127.0.0.1:1/credit', events },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data.id as string;
    };
    const chose = await endpoint(['credit.used']);
    const other = await endpoint(['order.completed']);
    await balanceDb.transaction((trx) =>
      publish(trx, 'balance', {
        type: 'balance.credit.threshold-reached',
        aggregateId: dealerId,
        payload: { dealerId, percent: 90, creditLimitCents: 500_00, creditUsedCents: 455_50, availableCents: 44_50 },
      }),
    );
    const [delivery] = (await deliveries(chose, 1))!;
    expect(delivery).toMatchObject({ event_type: 'credit.used', status: 'pending' });
    expect(delivery.payload).toMatchObject({
      type: 'credit.used',
      version: 1,
      data: {
        percent: 90,
        credit_limit: 500,
        credit_limit_cents: 500_00,
        credit_used: 455.5,
        credit_used_cents: 455_50,
        available: 44.5,
        available_cents: 44_50,
      },
    });
    expect(await app.db('webhook_deliveries').where({ endpoint_id: other })).toHaveLength(0);
  });
});
