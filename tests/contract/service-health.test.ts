import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildAuth } from '../../services/auth/src/app';
import { buildApp as buildBalance } from '../../services/balance/src/app';
import { expectLedgerValid } from '../../services/balance/test/support';
import { buildApp as buildCatalog } from '../../services/catalog/src/app';
import { buildApp as buildEsim } from '../../services/esim/src/app';
import { buildApp as buildPhysicalSim } from '../../services/physical-sim/src/app';

// Every service answers its door routes the same way, so one test holds them all to the same contract.
const services: Array<{
  name: string;
  build: () => Promise<FastifyInstance & { db: Knex }>;
  afterwards?: (app: FastifyInstance & { db: Knex }) => Promise<void>;
}> = [
  { name: 'auth', build: () => buildAuth() },
  { name: 'balance', build: () => buildBalance(), afterwards: (app) => expectLedgerValid(app.db) },
  { name: 'catalog', build: () => buildCatalog() },
  { name: 'esim', build: () => buildEsim() },
  { name: 'physical-sim', build: () => buildPhysicalSim() },
];

describe.each(services)('$name service skeleton', ({ name, build, afterwards }) => {
  let app: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await afterwards?.(app);
    await app.close();
  });

  it('is alive and ready on its own database and Redis', async () => {
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'up', service: name });
    const ready = await app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    // Built here but not run: /ready names the event bus as not running (running the service starts it).
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      checks: { postgres: 'up', redis: 'up', events: 'degraded' },
      running: [],
    });
  });

  it('publishes its OpenAPI document', async () => {
    const doc = (await app.inject('/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe(`${name} service`);
  });

  it('answers an unknown route with the error envelope in the caller language', async () => {
    const tr = await app.inject('/no-such-route');
    expect(tr.statusCode).toBe(404);
    expect(tr.json()).toEqual({ success: false, code: 'route_not_found', message: 'İstenen adres bulunamadı' });
    const en = await app.inject({ url: '/no-such-route', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('The requested route does not exist');
  });
});
