import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ACTIONS,
  canAccess,
  DEMO_ACCOUNTS,
  RESOURCES,
  roleOf,
  ROUTES,
  USER_TYPE,
  type HttpMethod,
  type RouteRule,
  type ServiceName,
  type UserType,
} from '@esim/contracts';
import { createTestKeys, waitFor, type TestKeys } from '@esim/platform/testing';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSystem, urlOf, type System } from './system';

/**
 * The gateway in front of the five real services: health and the merged API docs, the role matrix
 * (every route × every kind of caller) and the storefront's country pages. Auth signs with the
 * test's key pair, so the matrix's callers are made-up users of each type (`keys.token`).
 */
const SERVICES: ServiceName[] = ['auth', 'catalog', 'balance', 'esim', 'physical-sim'];

let keys: TestKeys;
let system: System;

beforeAll(async () => {
  keys = await createTestKeys();
  system = await startSystem({
    serviceEnv: { auth: { AUTH_SIGNING_KEYS: keys.signingKeys } },
    // A service draws its API document on first request, which takes seconds on a busy runner; this file checks the merge, not that wait.
    gatewayEnv: { HEALTH_TIMEOUT_MS: '15000' },
  });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

/** A URL where nothing listens: a port that was free a moment ago. */
const deadUrl = async () => `http://127.0.0.1:${await freePort()}`;

describe('health and docs', () => {
  let gateway: FastifyInstance;
  /** The same services, but esim unreachable. */
  let degraded: FastifyInstance;
  /** The same services, but physical-sim listening without running its event bus (how it once ran). */
  let busless: FastifyInstance;

  beforeAll(async () => {
    gateway = system.gateway;
    degraded = await system.startGateway({ upstreams: { esim: await deadUrl() } });
    const buslessService = await system.startReplica('physical-sim', { serving: false });
    busless = await system.startGateway({ upstreams: { 'physical-sim': urlOf(buslessService) } });
  });

  describe('GET /api/health', () => {
    it('asks every service and answers 200 up when all are ready', async () => {
      const response = await gateway.inject('/api/health');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.status).toBe('up');
      expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
      for (const service of SERVICES) {
        expect(body.services[service]).toMatchObject({ status: 'up', checks: { postgres: 'up', redis: 'up' } });
        expect(body.services[service].latencyMs).toBeGreaterThanOrEqual(0);
      }
    });

    it('answers 503 degraded naming the service that is down, the others still up', async () => {
      const started = Date.now();
      const response = await degraded.inject('/api/health');
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.status).toBe('degraded');
      expect(body.services.esim).toMatchObject({ status: 'down', error: 'unreachable' });
      for (const service of SERVICES.filter((name) => name !== 'esim'))
        expect(body.services[service].status).toBe('up');
      expect(Date.now() - started).toBeLessThan(2_500);
    });

    it('answers 503 degraded naming a service that answers but does not run its event bus', async () => {
      const response = await busless.inject('/api/health');
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.status).toBe('degraded');
      expect(body.services['physical-sim']).toMatchObject({
        status: 'degraded',
        checks: { postgres: 'up', redis: 'up', events: 'degraded' },
        problems: { events: 'the event bus of physical-sim is not running' },
      });
      for (const service of SERVICES.filter((name) => name !== 'physical-sim'))
        expect(body.services[service].status).toBe('up');
    });
  });

  describe('/api/docs', () => {
    async function ownDocument(service: ServiceName): Promise<OpenAPIV3.Document> {
      return (await fetch(`${urlOf(system.services[service]!)}/openapi.json`)).json() as Promise<OpenAPIV3.Document>;
    }

    it('serves Swagger UI under the security headers', async () => {
      const page = await gateway.inject('/api/docs');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('swagger-ui-bundle.js');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const bundle = await gateway.inject('/api/docs/static/swagger-ui-bundle.js');
      expect(bundle.statusCode).toBe(200);
      expect(bundle.headers['content-type']).toContain('javascript');
    });

    it('merges every service document into one, paths under /api grouped by service', async () => {
      const merged = (await gateway.inject('/api/docs/openapi.json')).json() as OpenAPIV3.Document & {
        'x-services': Record<string, string>;
      };
      expect(merged.openapi).toMatch(/^3\./);
      expect(merged['x-services']).toEqual(Object.fromEntries(SERVICES.map((service) => [service, 'up'])));
      expect(merged.paths['/api/health']?.get).toBeDefined();
      const servicesWithPaths = new Set<string>();
      for (const service of SERVICES) {
        for (const [path, item] of Object.entries((await ownDocument(service)).paths ?? {})) {
          const mergedItem = merged.paths[`/api${path}`];
          expect(mergedItem, `${service} ${path}`).toBeDefined();
          for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
            if (item?.[method]) {
              expect(mergedItem?.[method]?.tags, `${service} ${method} ${path}`).toEqual([service]);
              servicesWithPaths.add(service);
            }
          }
        }
      }
      // Several services already publish routes; the page shows them all on one document.
      expect(servicesWithPaths.size).toBeGreaterThanOrEqual(2);
      // Swagger UI's own JSON route serves the same merged document.
      expect((await gateway.inject('/api/docs/json')).json().paths).toEqual(merged.paths);
    });

    it('shows a success response schema and the error envelope for every route of the route table, and every other operation', async () => {
      const merged = (await gateway.inject('/api/docs/openapi.json')).json() as OpenAPIV3.Document;
      // Every operation the document lists, and every route of the table (one missing from the document counts as undeclared).
      const operations = new Map<string, OpenAPIV3.OperationObject | undefined>();
      for (const route of ROUTES)
        operations.set(`${route.method} /api${route.path.replace(/:(\w+)/g, '{$1}')}`, undefined);
      for (const [path, item] of Object.entries(merged.paths)) {
        for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
          if (item?.[method]) operations.set(`${method.toUpperCase()} ${path}`, item[method]);
        }
      }
      const declared = [...operations].filter(([key, operation]) => {
        const statuses = Object.entries(operation?.responses ?? {})
          .filter(([, response]) => hasSchema(response as OpenAPIV3.ResponseObject))
          .map(([status]) => status);
        // The gateway's health answer is outside the envelope and has no 4xx.
        const errorEnvelope = key === 'GET /api/health' || statuses.some((status) => /^4\d\d$/.test(status));
        return statuses.some((status) => /^2\d\d$/.test(status)) && errorEnvelope;
      });
      const declaredKeys = new Set(declared.map(([key]) => key));
      const missing = [...operations.keys()].filter((key) => !declaredKeys.has(key));
      expect(missing, 'routes whose success answer or error envelope has no schema in /api/docs').toEqual([]);
    });

    it('lists a service that is down as unavailable instead of breaking the page', async () => {
      const merged = (await degraded.inject('/api/docs/openapi.json')).json();
      expect(merged['x-services'].esim).toBe('unavailable');
      expect(merged['x-services'].auth).toBe('up');
      expect(merged.tags.find((tag: { name: string }) => tag.name === 'esim').description).toMatch(
        /^Unavailable right now/,
      );
      expect(merged.info.description).toContain('Unavailable right now:** esim');
      expect((await degraded.inject('/api/docs')).statusCode).toBe(200);
    });
  });

  function hasSchema(response: OpenAPIV3.ResponseObject): boolean {
    return Object.values(response.content ?? {}).some((media) => media.schema !== undefined);
  }
});

/**
 * The role matrix, generated from the route table: every route × every kind of caller, through
 * the gateway to the five real services. Expectations come from `canAccess` AND from a short
 * hand-written list below, so a broken `canAccess` cannot pass its own test.
 */
describe('the role matrix', () => {
  type Caller = { name: string; userType?: UserType };
  const CALLERS: Caller[] = [
    { name: 'anonymous' },
    { name: 'retail', userType: USER_TYPE.retail },
    { name: 'dealer', userType: USER_TYPE.dealer },
    { name: 'sales manager', userType: USER_TYPE.salesManager },
    { name: 'admin', userType: USER_TYPE.admin },
  ];

  type Outcome = 'reaches the service' | 401 | 403;

  function expected(rule: RouteRule, caller: Caller): Outcome {
    if (rule.access === 'public') return 'reaches the service';
    if (caller.userType === undefined) return 401;
    return canAccess(roleOf({ user_type: caller.userType }), rule.access.resource, rule.access.action)
      ? 'reaches the service'
      : 403;
  }

  /** Well-known answers written out by hand (docs/product.md, Permissions), independent of canAccess. */
  const KNOWN: Array<[caller: string, method: HttpMethod, path: string, outcome: Outcome]> = [
    ['sales manager', 'GET', '/admin/dealers', 403],
    ['retail', 'GET', '/sales-manager/balance', 403],
    ['dealer', 'GET', '/admin/physical-sim/stock', 403],
    ['admin', 'GET', '/user/physical-sim/my-cards', 403],
    ['sales manager', 'GET', '/user/balance', 403],
    ['sales manager', 'POST', '/user/packages/buy', 403],
    ['admin', 'GET', '/sales-manager/dealers', 403],
    ['anonymous', 'GET', '/me', 401],
    ['anonymous', 'GET', '/admin/dealers', 401],
    ['anonymous', 'GET', '/public/countries', 'reaches the service'],
    ['anonymous', 'GET', '/public/balance/esim/:id', 'reaches the service'],
    ['anonymous', 'POST', '/login', 'reaches the service'],
    ['dealer', 'GET', '/user/physical-sim/my-cards', 'reaches the service'],
    ['retail', 'GET', '/user/balance', 'reaches the service'],
    ['admin', 'GET', '/user/balance', 'reaches the service'],
    ['admin', 'GET', '/admin/dealers', 'reaches the service'],
    ['admin', 'POST', '/admin/physical-sim/orders/:id/approve', 'reaches the service'],
    ['sales manager', 'GET', '/sales-manager/dealers', 'reaches the service'],
    ['sales manager', 'GET', '/me', 'reaches the service'],
  ];

  const SAMPLE_PARAMS: Record<string, string> = {
    id: '00000000-0000-4000-8000-000000000001',
    packageId: '00000000-0000-4000-8000-000000000002',
    slug: 'turkey',
    fileName: '89901234567890123452.png',
  };

  function concrete(path: string): string {
    return path.replace(/:(\w+)/g, (_whole, name: string) => SAMPLE_PARAMS[name] ?? 'x');
  }

  let gateway: FastifyInstance;
  const tokens = new Map<string, string>();
  /** Request ids that reached a service, with the service and the status it answered (0 until it has). */
  const seen = new Map<string, { service: ServiceName; status: number }>();

  beforeAll(async () => {
    // The first service a request id reaches is the one the gateway forwarded to (a service it asks in turn sees the id later).
    for (const service of SERVICES) {
      system.services[service]!.server.on('request', (request, response) => {
        const id = request.headers['x-request-id'];
        if (typeof id !== 'string' || seen.has(id)) return;
        seen.set(id, { service, status: 0 });
        response.once('finish', () => seen.set(id, { service, status: response.statusCode }));
      });
    }
    // Limits out of the way: the matrix calls every rate-limited route five times.
    const generous = Object.fromEntries(
      ['LOGIN', 'REGISTER', 'PASSWORD_RESET', 'PUBLIC_LOOKUP', 'PUBLIC_READ', 'API'].map((group) => [
        `RATE_LIMIT_${group}_PER_MIN`,
        '100000',
      ]),
    );
    // The door's public cache off too: the matrix proves every call reaches the owning service.
    gateway = await system.startGateway({ env: { ...generous, PUBLIC_CACHE_MAX_ENTRIES: '0' } });
    for (const caller of CALLERS) {
      if (caller.userType !== undefined)
        tokens.set(caller.name, await keys.token({ id: randomUUID(), userType: caller.userType }));
    }
  });

  async function call(rule: Pick<RouteRule, 'method' | 'path'>, caller: Caller) {
    const token = tokens.get(caller.name);
    const withBody = rule.method !== 'GET';
    const response = await gateway.inject({
      method: rule.method,
      url: `/api${concrete(rule.path)}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(withBody ? { 'content-type': 'application/json', 'idempotency-key': `matrix-${randomUUID()}` } : {}),
      },
      ...(withBody ? { payload: '{}' } : {}),
    });
    const requestId = response.headers['x-request-id'] as string;
    return { response, upstream: seen.get(requestId), requestId };
  }

  async function expectOutcome(rule: RouteRule, caller: Caller, outcome: Outcome) {
    const label = `${caller.name} → ${rule.method} ${rule.path}`;
    const { response, upstream, requestId } = await call(rule, caller);
    if (outcome === 'reaches the service') {
      // Whatever the owning service answers (200, 400, 404 of a missing id, its own 401 for a missing
      // refresh cookie, ...) is fine: the gateway let the caller through and relayed the answer.
      expect(
        upstream?.service,
        `${label} should reach its service (gateway answered ${response.statusCode} ${response.body})`,
      ).toBe(rule.service);
      const answered = await waitFor(() => seen.get(requestId)?.status, { what: `${label} answer` });
      expect(response.statusCode, label).toBe(answered);
    } else {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(outcome);
      expect(response.json().code, label).toBe(outcome === 401 ? 'unauthorized' : 'forbidden');
      expect(upstream, `${label} must stop at the gateway`).toBeUndefined();
    }
  }

  function ruleOf(method: HttpMethod, path: string): RouteRule {
    const rule = ROUTES.find((entry) => entry.method === method && entry.path === path);
    if (!rule) throw new Error(`${method} ${path} is not in the route table`);
    return rule;
  }

  describe('the route table itself', () => {
    it('gives every route a resource known to PERMISSIONS and a valid action, or makes it public', () => {
      for (const rule of ROUTES) {
        if (rule.access === 'public') continue;
        expect(RESOURCES, `${rule.method} ${rule.path}`).toContain(rule.access.resource);
        expect(ACTIONS, `${rule.method} ${rule.path}`).toContain(rule.access.action);
        // A rule nobody passes would be a dead route.
        const anyone = CALLERS.some((caller) => expected(rule, caller) === 'reaches the service');
        expect(anyone, `${rule.method} ${rule.path}: no role may call it`).toBe(true);
      }
    });

    it('cannot hold a route without an access rule (a type error, checked by tsc)', () => {
      // @ts-expect-error `access` is required: a route without a rule does not compile.
      const withoutRule: RouteRule = { method: 'GET', path: '/no-rule', service: 'auth' };
      expect(withoutRule.access).toBeUndefined();
    });

    it('has each method and path once', () => {
      const keys = ROUTES.map((rule) => `${rule.method} ${rule.path}`);
      expect(new Set(keys).size).toBe(keys.length);
    });
  });

  describe('hand-written cases (independent of canAccess)', () => {
    it.each(KNOWN)('%s → %s %s: %s', async (callerName, method, path, outcome) => {
      const caller = CALLERS.find((entry) => entry.name === callerName)!;
      const rule = ruleOf(method, path);
      // The generated expectation must agree with the hand-written one...
      expect(expected(rule, caller)).toBe(outcome);
      // ...and so must the gateway.
      await expectOutcome(rule, caller, outcome);
    });
  });

  describe('every route × every caller, through the gateway to the real services', () => {
    it.each(ROUTES.map((rule) => [`${rule.method} ${rule.path}`, rule] as const))('%s', async (_name, rule) => {
      for (const caller of CALLERS) await expectOutcome(rule, caller, expected(rule, caller));
    });
  });
});

/**
 * A country page of a country the catalog does not sell answers 404 with the not-found page, as
 * any unknown path does: against the real catalog (seeded) behind a gateway serving a storefront
 * build's route list and prerendered not-found page. Last in the file: its last test stops the catalog.
 */
describe('country pages through the gateway', () => {
  let root: string;
  let dists: Record<string, string>;
  let gateway: FastifyInstance;

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
    dists = { STOREFRONT_DIST: dist, BACKOFFICE_DIST: path.join(root, 'backoffice') };
    gateway = await system.startGateway({ env: dists });
  });

  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    gateway.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

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
    const created = await system.services.catalog.inject({
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
    const { port } = system.services.catalog.server.address() as AddressInfo;
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
    const counted = await system.startGateway({
      upstreams: { catalog: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` },
      env: dists,
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
      // The gateway keeps its connections to the relay open until the system stops.
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('while the catalog cannot answer, a country page is served (never hidden by a failing catalog)', async () => {
    await system.stopService('catalog');
    const answer = await page('/packages/germany');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
  });
});
