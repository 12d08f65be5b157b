import type { AddressInfo } from 'node:net';
import { ROUTES, type ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { createTestKeys } from '@esim/platform/testing';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { deadUrl, gatewayConfig, SERVICES, startRealServices, type RealServices } from './support/upstreams';

type Gateway = Awaited<ReturnType<typeof buildApp>>;

let services: RealServices;
let gateway: Gateway;
/** The same services, but esim unreachable. */
let degraded: Gateway;
/** The same services, but physical-sim listening without running its event bus (how it once ran). */
let busless: Gateway;
let buslessService: FastifyInstance;

beforeAll(async () => {
  const keys = await createTestKeys();
  services = await startRealServices(keys.jwks);
  gateway = await buildApp({ jwks: keys.jwks, config: gatewayConfig(), upstreams: services.upstreams });
  degraded = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig(),
    upstreams: { ...services.upstreams, esim: await deadUrl() },
  });
  const { buildApp: buildPhysicalSim } = await import('../../physical-sim/src/app');
  buslessService = await buildPhysicalSim({ jwks: keys.jwks });
  await buslessService.listen({ port: 0, host: '127.0.0.1' });
  const { port } = buslessService.server.address() as AddressInfo;
  busless = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig(),
    upstreams: { ...services.upstreams, 'physical-sim': `http://127.0.0.1:${port}` },
  });
});

afterAll(async () => {
  await gateway?.close();
  await degraded?.close();
  await busless?.close();
  await buslessService?.close();
  await services?.close();
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
    for (const service of SERVICES.filter((name) => name !== 'esim')) expect(body.services[service].status).toBe('up');
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
    return (await fetch(`${services.upstreams[service]}/openapi.json`)).json() as Promise<OpenAPIV3.Document>;
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
