import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '@esim/contracts';
import { createTestKeys, waitFor, type TestKeys } from '@esim/platform/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp as buildCatalog } from '../../catalog/src/app';
import { seedDemoData } from '../../catalog/src/seed';
import { buildApp } from '../src/app';
import { allAt, deadUrl, gatewayConfig } from './support/upstreams';

/**
 * A country page of a country the catalog does not sell answers 404 with the not-found page, as
 * any unknown path does: against the real catalog (seeded) behind the gateway serving a storefront
 * build's route list and prerendered not-found page.
 */
let root: string;
let keys: TestKeys;
let catalog: FastifyInstance;
let gateway: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gateway-country-pages-'));
  const dist = path.join(root, 'storefront');
  await mkdir(path.join(dist, '404'), { recursive: true });
  await mkdir(path.join(root, 'backoffice'));
  await writeFile(path.join(root, 'backoffice', 'index.html'), '<div id="root">backoffice</div>');
  await writeFile(path.join(dist, 'index.html'), '<div id="root" data-lang="tr">Ana sayfa</div>');
  await writeFile(path.join(dist, 'spa.html'), '<!doctype html><div id="root"></div>');
  await writeFile(
    path.join(dist, 'routes.json'),
    JSON.stringify({ patterns: ['/', '/packages', '/packages/:country'] }),
  );
  await writeFile(
    path.join(dist, '404', 'index.html'),
    '<div id="root" data-lang="tr" data-not-found="">Sayfa bulunamadı</div>',
  );
  await writeFile(
    path.join(dist, '404', 'index.en.html'),
    '<div id="root" data-lang="en" data-not-found="">Page not found</div>',
  );

  keys = await createTestKeys();
  catalog = await buildCatalog({ jwks: keys.jwks });
  await seedDemoData(catalog.db as never);
  await catalog.listen({ port: 0, host: '127.0.0.1' });
  const { port } = catalog.server.address() as { port: number };
  gateway = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig({ STOREFRONT_DIST: dist, BACKOFFICE_DIST: path.join(root, 'backoffice') }),
    upstreams: { ...allAt(await deadUrl()), catalog: `http://127.0.0.1:${port}` },
  });
  await gateway.ready();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await catalog?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  gateway.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('country pages through the gateway', () => {
  it('an unknown country, or one nothing is sold for, answers 404 with the not-found page in the visitor language', async () => {
    for (const url of [
      '/packages/no-such-country',
      '/packages/antarctica',
      '/packages/Not_A_Slug',
      `/packages/${'x'.repeat(90)}`,
    ]) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.body, url).toContain('Sayfa bulunamadı');
    }
    expect((await page('/packages/no-such-country', { 'accept-language': 'en' })).body).toContain('Page not found');
    // curl and monitors (Accept: */*) see the same status.
    expect(
      (await gateway.inject({ method: 'GET', url: '/packages/no-such-country', headers: { accept: '*/*' } }))
        .statusCode,
    ).toBe(404);
  });

  it('a country with its own plans, or one only a regional plan covers, is a page (200); its slug is matched as the router does', async () => {
    for (const url of ['/packages/united-states', '/packages/czechia', '/packages/Turkey', '/packages/japan/']) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('<div id="root"></div>');
    }
    expect((await page('/packages')).statusCode).toBe(200);
  });

  it('a country put on sale in the back office is a page at once (the catalog announces the change)', async () => {
    expect((await page('/packages/antarctica')).statusCode).toBe(404);
    const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
    const token = await keys.token({ id: admin.id, userType: admin.userType, email: admin.email });
    const created = await catalog.inject({
      method: 'POST',
      url: '/admin/packages',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        code: 'POLAR-7D-1GB',
        name_tr: 'Kutup 7 Gün',
        name_en: 'Polar 7 Days',
        type: 'regional',
        countries: ['AQ', 'GL'],
        data_mb: 1024,
        validity_days: 7,
        retail_price: 49,
        cost_price: 20,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await waitFor(async () => (await page('/packages/antarctica')).statusCode === 200, {
      what: 'the Antarctica page after the change',
      timeoutMs: 10_000,
    });
  });

  it('many made-up country slugs cost the catalog one list request, not one each', async () => {
    const { port } = catalog.server.address() as { port: number };
    // A relay in front of the real catalog counts what the gateway asks it.
    const asked: string[] = [];
    const relay = createServer((req, res) => {
      asked.push(req.url ?? '');
      const upstream = httpRequest(
        { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const counted = await buildApp({
      jwks: keys.jwks,
      config: gatewayConfig({
        STOREFRONT_DIST: path.join(root, 'storefront'),
        BACKOFFICE_DIST: path.join(root, 'backoffice'),
      }),
      upstreams: { ...allAt(await deadUrl()), catalog: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` },
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          counted.inject({ method: 'GET', url: `/packages/made-up-${i}`, headers: { accept: 'text/html' } }),
        ),
      );
      expect(new Set(statuses.map((answer) => answer.statusCode))).toEqual(new Set([404]));
      expect(
        (await counted.inject({ method: 'GET', url: '/packages/united-states', headers: { accept: 'text/html' } }))
          .statusCode,
      ).toBe(200);
      expect(asked.filter((url) => url.startsWith('/public/countries'))).toEqual(['/public/countries']);
    } finally {
      await counted.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('while the catalog cannot answer, a country page is served (never hidden by a failing catalog)', async () => {
    await catalog.close();
    const answer = await page('/packages/germany');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
  });
});
