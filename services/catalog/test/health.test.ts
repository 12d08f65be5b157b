import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

describe('catalog service skeleton', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is alive and ready on its own database and Redis', async () => {
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'up', service: 'catalog' });
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
    expect(doc.info.title).toBe('catalog service');
  });

  it('answers an unknown route with the error envelope in the caller language', async () => {
    const tr = await app.inject('/no-such-route');
    expect(tr.statusCode).toBe(404);
    expect(tr.json()).toEqual({ success: false, code: 'route_not_found', message: 'İstenen adres bulunamadı' });
    const en = await app.inject({ url: '/no-such-route', headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('The requested route does not exist');
  });
});
