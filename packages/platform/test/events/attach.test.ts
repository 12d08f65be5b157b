import { afterAll, expect, it } from 'vitest';
import { createServiceApp } from '../../src/service';
import { baseConfigSchema } from '../../src/config';
import { attachEventBus } from '../../src/events/bus';
import { publish } from '../../src/events/publish';
import { waitFor } from '../../src/testing/index';

const config = baseConfigSchema.parse(process.env);
const apps: Array<{ close(): Promise<unknown> }> = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

it('gives a service app its bus as app.events: not started until asked, stopped on close', async () => {
  const app = await createServiceApp({ name: 'balance', schema: 'balance', description: 'test', config });
  apps.push(app);
  const bus = attachEventBus(app, { service: 'balance', settings: { metricsLogIntervalMs: 0 } });
  expect(app.events).toBe(bus);
  const seen: string[] = [];
  app.events.on('catalog.package.deactivated', async (event) => {
    seen.push(event.payload.packageId);
  });

  // Published before the bus starts: it waits in the outbox, nothing is lost.
  const producer = await createServiceApp({ name: 'catalog', schema: 'catalog', description: 'test', config });
  apps.push(producer);
  attachEventBus(producer, { service: 'catalog', settings: { metricsLogIntervalMs: 0 } });
  await producer.db.transaction((trx) =>
    publish(trx, 'catalog', {
      type: 'catalog.package.deactivated',
      aggregateId: 'pkg-attach',
      payload: { packageId: 'pkg-attach' },
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(seen).toEqual([]);

  await producer.events.start();
  await app.events.start();
  await waitFor(() => seen.length === 1, { what: 'event delivered' });
  expect(seen).toEqual(['pkg-attach']);

  await app.close();
  // A stopped bus cannot be restarted by accident (a closed app's pool is gone).
  await expect(app.events.start()).rejects.toThrow(/was stopped/);
  expect(() => app.events.on('auth.dealer.deleted', async () => {})).toThrow(/before start/);
});
