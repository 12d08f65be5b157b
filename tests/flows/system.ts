import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { seedAll } from '../../infra/src/seed';

/**
 * The real system in one test process: auth, catalog and balance on ephemeral ports with their
 * event buses running, the gateway in front of them, on the test file's own database (cloned from
 * the migrated template) with the demo seed. esim and physical-sim join by themselves once their
 * apps exist (`services/<name>/src/app.ts`); `running` says which services are up.
 */
export interface System {
  gateway: FastifyInstance;
  services: Record<'auth' | 'catalog' | 'balance', FastifyInstance> & Partial<Record<ServiceName, FastifyInstance>>;
  /** The services started in this process: routes of any other service are not reachable here. */
  running: ReadonlySet<ServiceName>;
  /** One call through the gateway; `remoteAddress` is the caller's socket address (the gateway's client IP). */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

const servicesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services');
/** Services built by their own issues: started here as soon as their app exists. */
const LATER_SERVICES = ['esim', 'physical-sim'] as const;

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export async function startSystem(): Promise<System> {
  const databaseUrl = process.env.DATABASE_URL!;
  await seedAll(databaseUrl);

  const { buildApp: buildAuth } = await import('../../services/auth/src/app');
  const auth = await buildAuth();
  await auth.listen({ port: 0, host: '127.0.0.1' });
  // Every later process verifies tokens with the real auth service's published keys.
  process.env.AUTH_JWKS_URL = `${urlOf(auth)}/.well-known/jwks.json`;

  const { buildApp: buildCatalog } = await import('../../services/catalog/src/app');
  const { buildApp: buildBalance } = await import('../../services/balance/src/app');
  // Services that call auth over /internal (balance asks who an unknown dealer is) find this one.
  process.env.AUTH_URL = urlOf(auth);
  const catalog = await buildCatalog();
  await catalog.listen({ port: 0, host: '127.0.0.1' });
  process.env.CATALOG_URL = urlOf(catalog);
  const balance = await buildBalance();
  await balance.listen({ port: 0, host: '127.0.0.1' });
  process.env.BALANCE_URL = urlOf(balance);
  const services: System['services'] = { auth, catalog, balance };
  for (const name of LATER_SERVICES) {
    const appFile = path.join(servicesDir, name, 'src/app.ts');
    if (!existsSync(appFile)) continue;
    const { buildApp } = (await import(appFile)) as { buildApp: () => Promise<FastifyInstance> };
    const app = await buildApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    services[name] = app;
  }
  for (const app of Object.values(services)) await (app as unknown as { events?: { start(): Promise<void> } }).events?.start();

  const { buildApp: buildGateway } = await import('../../services/gateway/src/app');
  const upstreams = Object.fromEntries(Object.entries(services).map(([name, app]) => [name, urlOf(app!)]));
  const gateway = await buildGateway({ upstreams });
  await gateway.ready();

  const api: System['api'] = async (method, path, options = {}) => {
    const res = await gateway.inject({
      method: method as never,
      url: `/api${path}`,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // CSV and other non-JSON answers stay text.
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    gateway,
    services,
    running: new Set(Object.keys(services) as ServiceName[]),
    api,
    async login(email, password = 'Demo1234!') {
      const res = await api('POST', '/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async stop() {
      await gateway.close();
      await Promise.all(Object.values(services).map((app) => app!.close()));
    },
  };
}
