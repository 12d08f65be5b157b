import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestKeys } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { allAt, deadUrl, gatewayConfig } from './support/upstreams';

type Gateway = Awaited<ReturnType<typeof buildApp>>;

let dir: string;
let gateway: Gateway;
let unbuilt: Gateway;

/** Tiny stand-ins for the two Vite builds (index.html plus a hashed asset each). */
async function fixtureBuild(root: string, name: string, assetName: string): Promise<void> {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), `<!doctype html><title>${name}</title><div id="root">${name}</div>`);
  await writeFile(path.join(root, 'assets', assetName), `console.log(${JSON.stringify(name)});`);
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\n');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gateway-spa-'));
  await fixtureBuild(path.join(dir, 'storefront'), 'storefront', 'index-a1b2c3.js');
  await fixtureBuild(path.join(dir, 'backoffice'), 'backoffice', 'index-d4e5f6.js');
  await writeFile(path.join(dir, 'secret.txt'), 'not for the web');
  const keys = await createTestKeys();
  const upstreams = allAt(await deadUrl());
  gateway = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig({
      STOREFRONT_DIST: path.join(dir, 'storefront'),
      BACKOFFICE_DIST: path.join(dir, 'backoffice'),
    }),
    upstreams,
  });
  unbuilt = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig({
      STOREFRONT_DIST: path.join(dir, 'missing-a'),
      BACKOFFICE_DIST: path.join(dir, 'missing-b'),
    }),
    upstreams,
  });
});

afterAll(async () => {
  await gateway?.close();
  await unbuilt?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the storefront at / and the back office at /dashboard', () => {
  it('serves each index.html, never cached without revalidation', async () => {
    for (const [url, app] of [
      ['/', 'storefront'],
      ['/dashboard', 'backoffice'],
      ['/dashboard/', 'backoffice'],
    ] as const) {
      const response = await gateway.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(`<div id="root">${app}</div>`);
    }
  });

  it('falls back to the right index.html for client-side routes', async () => {
    const page = await gateway.inject({ url: '/some/page', headers: html });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('storefront');
    const admin = await gateway.inject({ url: '/dashboard/admin/dealers?status=active', headers: html });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('backoffice');
    // curl-like callers (Accept: */*) asking for a page get it too.
    const curl = await gateway.inject({ url: '/packages/turkey', headers: { accept: '*/*' } });
    expect(curl.body).toContain('storefront');
  });

  it('caches hashed assets for a year, other files for an hour, and answers 304 to a known ETag', async () => {
    const asset = await gateway.inject('/assets/index-a1b2c3.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('storefront');
    const office = await gateway.inject('/dashboard/assets/index-d4e5f6.js');
    expect(office.body).toContain('backoffice');
    expect((await gateway.inject('/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
    const again = await gateway.inject({
      url: '/assets/index-a1b2c3.js',
      headers: { 'if-none-match': asset.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const missing = await gateway.inject({ url: '/assets/index-000000.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('route_not_found');
  });

  it('never falls back for /api or /internal, even for a browser', async () => {
    const api = await gateway.inject({ url: '/api/nothing-here', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('route_not_found');
    const internal = await gateway.inject({ url: '/internal/dealers', headers: html });
    expect(internal.statusCode).toBe(404);
    expect(internal.json().code).toBe('route_not_found');
  });

  it('never serves a file outside the build directory', async () => {
    for (const url of ['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/dashboard/..%2f..%2fsecret.txt']) {
      const response = await gateway.inject({ url, headers: { accept: '*/*' } });
      expect(response.body, url).not.toContain('not for the web');
    }
  });
});

describe('a missing build', () => {
  it('answers 503 with a page saying to run npm run build, for either app', async () => {
    for (const url of ['/', '/some/page', '/dashboard/admin/dealers']) {
      const response = await unbuilt.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('npm run build');
    }
    expect((await unbuilt.inject({ url: '/dashboard', headers: html })).body).toContain('Back office is not built yet');
    // The API side does not depend on the builds.
    expect((await unbuilt.inject('/api/x')).statusCode).toBe(404);
  });
});

describe('precompressed builds', () => {
  let precompressed: Gateway;
  let root: string;
  beforeAll(async () => {
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    root = await mkdtemp(path.join(tmpdir(), 'gateway-precompressed-'));
    await fixtureBuild(path.join(root, 'storefront'), 'storefront', 'index-a1b2c3.js');
    await fixtureBuild(path.join(root, 'backoffice'), 'backoffice', 'index-d4e5f6.js');
    const asset = path.join(root, 'storefront', 'assets', 'index-a1b2c3.js');
    const source = 'console.log("storefront");';
    await writeFile(`${asset}.br`, brotliCompressSync(source));
    await writeFile(`${asset}.gz`, gzipSync(source));
    await mkdir(path.join(root, 'storefront', 'packages', 'united-states'), { recursive: true });
    await writeFile(
      path.join(root, 'storefront', 'packages', 'united-states', 'index.html'),
      '<!doctype html><title>US</title><div id="root">prerendered US</div>',
    );
    precompressed = await buildApp({
      jwks: (await createTestKeys()).jwks,
      config: gatewayConfig({
        STOREFRONT_DIST: path.join(root, 'storefront'),
        BACKOFFICE_DIST: path.join(root, 'backoffice'),
      }),
      upstreams: allAt(await deadUrl()),
    });
  });
  afterAll(async () => {
    await precompressed?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('sends the brotli or gzip copy the client accepts, with the original type, immutable for hashed assets', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await precompressed.inject({
      method: 'GET',
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("storefront");');

    const gz = await precompressed.inject({
      method: 'GET',
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("storefront");');

    const again = await precompressed.inject({
      method: 'GET',
      url: '/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const plain = await precompressed.inject({ method: 'GET', url: '/assets/index-a1b2c3.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("storefront");');
  });

  it("serves a public page's prerendered HTML, the SPA shell elsewhere", async () => {
    const us = await precompressed.inject({ method: 'GET', url: '/packages/united-states', headers: html });
    expect(us.body).toContain('prerendered US');
    const other = await precompressed.inject({ method: 'GET', url: '/packages/japan', headers: html });
    expect(other.body).toContain('<div id="root">storefront</div>');
  });

  describe('with prerendered pages in two languages', () => {
    let site: Gateway;
    let siteRoot: string;
    beforeAll(async () => {
      siteRoot = await mkdtemp(path.join(tmpdir(), 'gateway-prerendered-'));
      const dist = path.join(siteRoot, 'storefront');
      await fixtureBuild(dist, 'storefront', 'index-a1b2c3.js');
      await fixtureBuild(path.join(siteRoot, 'backoffice'), 'backoffice', 'index-d4e5f6.js');
      // As the storefront build writes them: the shell in spa.html, the home page in index.html.
      await writeFile(path.join(dist, 'spa.html'), '<!doctype html><div id="root"></div>');
      await writeFile(path.join(dist, 'index.html'), '<div id="root" data-lang="tr">Ana sayfa</div>');
      await writeFile(path.join(dist, 'index.en.html'), '<div id="root" data-lang="en">Home</div>');
      await mkdir(path.join(dist, 'faq'));
      await writeFile(path.join(dist, 'faq', 'index.html'), '<div id="root" data-lang="tr">SSS</div>');
      await writeFile(path.join(dist, 'faq', 'index.en.html'), '<div id="root" data-lang="en">FAQ</div>');
      site = await buildApp({
        jwks: (await createTestKeys()).jwks,
        config: gatewayConfig({ STOREFRONT_DIST: dist, BACKOFFICE_DIST: path.join(siteRoot, 'backoffice') }),
        upstreams: allAt(await deadUrl()),
      });
    });
    afterAll(async () => {
      await site?.close();
      if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
    });

    const page = (url: string, headers: Record<string, string> = {}) =>
      site.inject({ method: 'GET', url, headers: { ...html, ...headers } });

    it('sends the page in the language the storefront will show: ?lng=, then its cookie, then Accept-Language, else Turkish', async () => {
      expect((await page('/')).body).toContain('Ana sayfa');
      expect((await page('/', { 'accept-language': 'en-US,en;q=0.9' })).body).toContain('Home');
      expect((await page('/faq', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8,tr;q=0.5' })).body).toContain('FAQ');
      expect((await page('/faq', { 'accept-language': 'de-DE,tr;q=0.9,en;q=0.8' })).body).toContain('SSS');
      expect((await page('/faq', { 'accept-language': 'en;q=0, tr' })).body).toContain('SSS');
      expect((await page('/faq', { 'accept-language': 'en-GB', cookie: 'a=1; i18next=tr' })).body).toContain('SSS');
      expect((await page('/faq?lng=en', { cookie: 'i18next=tr' })).body).toContain('FAQ');
      const answer = await page('/faq', { 'accept-language': 'en' });
      expect(answer.headers.vary).toMatch(/accept-language/);
      expect(answer.headers.vary).toMatch(/cookie/);
      expect(answer.headers['cache-control']).toBe('no-cache');
    });

    it('answers an unknown path 404 with the not-found page in the visitor language; routes and prerendered pages keep 200', async () => {
      const dist = path.join(siteRoot, 'storefront');
      await writeFile(
        path.join(dist, 'routes.json'),
        JSON.stringify({ patterns: ['/', '/faq', '/order/:id', '/packages/:country'] }),
      );
      await mkdir(path.join(dist, '404'));
      await writeFile(path.join(dist, '404', 'index.html'), '<div id="root" data-lang="tr">Sayfa bulunamadı</div>');
      await writeFile(path.join(dist, '404', 'index.en.html'), '<div id="root" data-lang="en">Page not found</div>');
      try {
        const missing = await page('/no-such-page');
        expect(missing.statusCode).toBe(404);
        expect(missing.headers['content-type']).toMatch(/^text\/html/);
        expect(missing.body).toContain('Sayfa bulunamadı');
        expect((await page('/faq/extra/segments', { 'accept-language': 'en' })).statusCode).toBe(404);
        expect((await page('/no-such-page', { 'accept-language': 'en' })).body).toContain('Page not found');
        // Even a known ETag gets the 404, never a 304.
        expect((await page('/no-such-page', { 'if-none-match': missing.headers.etag as string })).statusCode).toBe(404);
        // With */* only (curl, monitors) as well.
        expect(
          (await site.inject({ method: 'GET', url: '/no-such-page', headers: { accept: '*/*' } })).statusCode,
        ).toBe(404);

        for (const [url, text] of [
          ['/', 'Ana sayfa'],
          ['/faq', 'SSS'],
          ['/order/123', '<div id="root"></div>'],
          ['/packages/japan', '<div id="root"></div>'],
        ]) {
          const answer = await page(url!);
          expect(answer.statusCode, url).toBe(200);
          expect(answer.body, url).toContain(text);
        }
        expect((await page('/faq?lng=en')).statusCode).toBe(200);
        expect((await page('/FAQ/')).statusCode).toBe(200);
        // The back office's own router decides its paths.
        expect((await page('/dashboard/no-such-page')).statusCode).toBe(200);
      } finally {
        await rm(path.join(dist, 'routes.json'));
        await rm(path.join(dist, '404'), { recursive: true });
      }
    });

    it('answers a page that has no prerendered HTML with the shell, not the home page', async () => {
      const order = await page('/order/123');
      expect(order.body).toBe('<!doctype html><div id="root"></div>');
      expect((await page('/dashboard/users')).body).toContain('backoffice');
    });
  });
});
