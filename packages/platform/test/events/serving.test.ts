import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { baseConfigSchema } from '../../src/config';
import { attachEventBus } from '../../src/events/bus';
import { LOCK_NAMESPACE } from '../../src/events/outbox-relay';
import { publish } from '../../src/events/publish';
import { createServiceApp } from '../../src/service';
import { waitFor } from '../../src/testing/index';

/**
 * A service's event bus runs because the service runs, not because its server.ts remembers to
 * start it; and /ready names a bus that is not running, an outbox that does not drain and a
 * consumer that makes no progress, so an operator sees them within EVENTS_STALE_AFTER_SECONDS.
 */

const config = baseConfigSchema.parse(process.env);
const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function serviceWithBus(schema: 'balance' | 'catalog', settings = {}) {
  const app = await createServiceApp({
    name: schema,
    schema,
    description: 'test',
    config: { ...config, EVENTS_STALE_AFTER_SECONDS: 1 },
  });
  closers.push(() => app.close());
  attachEventBus(app, { service: schema, settings: { metricsLogIntervalMs: 0, ...settings } });
  return app;
}

async function ready(app: Awaited<ReturnType<typeof serviceWithBus>>) {
  const response = await app.inject('/ready');
  return {
    statusCode: response.statusCode,
    ...(response.json() as {
      status: string;
      checks: Record<string, string>;
      problems?: Record<string, string>;
      running: string[];
    }),
  };
}

describe('the work a service runs while it serves', () => {
  it('is started by running the service and named by /ready; until then /ready says the bus is not running', async () => {
    const app = await serviceWithBus('balance');
    const before = await ready(app);
    expect(before).toMatchObject({
      statusCode: 200,
      status: 'degraded',
      checks: { postgres: 'up', redis: 'up', events: 'degraded' },
      running: [],
    });
    expect(before.problems?.events).toBe('the event bus of balance is not running');

    await app.startServingWork();
    await app.startServingWork(); // a second call starts nothing twice
    const after = await ready(app);
    expect(after).toMatchObject({ statusCode: 200, status: 'up', checks: { events: 'up' }, running: ['event bus'] });
    expect(after.problems).toBeUndefined();

    await app.close();
    closers.pop();
    await expect(app.events.start()).rejects.toThrow(/was stopped/);
  });

  it('reports an outbox row waiting longer than the threshold, and clears once it is relayed', async () => {
    const app = await serviceWithBus('catalog');
    await app.startServingWork();
    // A relay that cannot get on (here: its schema's relay lock held elsewhere) leaves the row waiting.
    const blocker = new pg.Client({ connectionString: config.DATABASE_URL });
    await blocker.connect();
    closers.push(() => blocker.end());
    await blocker.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_NAMESPACE, 'outbox:catalog']);
    await app.db.transaction((trx) =>
      publish(trx, 'catalog', {
        type: 'catalog.package.deactivated',
        aggregateId: 'pkg-stale',
        payload: { packageId: 'pkg-stale' },
      }),
    );
    await app.db.raw(`UPDATE outbox SET created_at = now() - interval '5 seconds' WHERE published_at IS NULL`);

    const stuck = await ready(app);
    expect(stuck).toMatchObject({ statusCode: 200, status: 'degraded', checks: { events: 'degraded' } });
    expect(stuck.problems?.events).toMatch(/^1 events of catalog waiting in the outbox, the oldest for \d+ s$/);

    await blocker.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, 'outbox:catalog']);
    await waitFor(async () => (await ready(app)).status === 'up', { what: 'the outbox drained' });
  });

  it('reports a consumer with events waiting that handles none for longer than the threshold', async () => {
    const producer = await serviceWithBus('catalog');
    const consumer = await serviceWithBus('balance', { maxAttempts: 1000, retryBaseMs: 5_000, retryMaxMs: 5_000 });
    consumer.events.on('catalog.package.deactivated', async () => {
      throw new Error('this handler never succeeds');
    });
    await producer.startServingWork();
    await consumer.startServingWork();
    await producer.db.transaction((trx) =>
      publish(trx, 'catalog', {
        type: 'catalog.package.deactivated',
        aggregateId: 'pkg-stuck',
        payload: { packageId: 'pkg-stuck' },
      }),
    );
    await waitFor(() => consumer.events.metrics().lag > 0, { what: 'the event waiting for balance' });
    const stuck = await waitFor(
      async () => {
        const answer = await ready(consumer);
        return answer.status === 'degraded' ? answer : undefined;
      },
      { timeoutMs: 5_000, what: 'the stuck consumer reported' },
    );
    expect(stuck!.problems?.events).toMatch(/^\d+ events waiting for balance, none handled for \d+ s$/);
  });
});
