import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@esim/contracts';
import type { FastifyInstance } from 'fastify';
import { seedAll } from '../../infra/src/seed';

/**
 * The real system in one test process: auth, catalog, balance and esim on ephemeral ports with their
 * event buses running, the gateway in front of them, on the test file's own database (cloned from
 * the migrated template) with the demo seed. physical-sim joins by itself once its
 * app exists (`services/<name>/src/app.ts`); `running` says which services are up.
 */
export interface System {
  gateway: FastifyInstance;
  services: Record<'auth' | 'catalog' | 'balance' | 'esim', FastifyInstance> & Partial<Record<ServiceName, FastifyInstance>>;
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
const LATER_SERVICES = ['physical-sim'] as const;

/** A port free right now (the OS picks it); the service listens on it a moment later. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The address an app listening on 127.0.0.1 answers at. */
export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export interface StartOptions {
  /** Services that listen without running their serving work (event bus, loops): a system as it ran with that defect. */
  notServing?: ServiceName[];
}

export async function startSystem(options: StartOptions = {}): Promise<System> {
  const databaseUrl = process.env.DATABASE_URL!;
  await seedAll(databaseUrl);

  // Every service gets its port before any is built, so each one's configuration names the
  // others' real addresses (auth asks balance and physical-sim before deleting a dealer; balance
  // asks auth who an unknown dealer is), never a default port another process might hold.
  const present = LATER_SERVICES.filter((name) => existsSync(path.join(servicesDir, name, 'src/app.ts')));
  const names: ServiceName[] = ['auth', 'catalog', 'balance', 'esim', ...present];
  const ports = new Map<ServiceName, number>();
  for (const name of names) {
    ports.set(name, await freePort());
    process.env[`${name.toUpperCase().replace('-', '_')}_URL`] = `http://127.0.0.1:${ports.get(name)}`;
  }
  // Every process verifies tokens with the real auth service's published keys.
  process.env.AUTH_JWKS_URL = `${process.env.AUTH_URL}/.well-known/jwks.json`;

  const services = {} as System['services'];
  for (const name of names) {
    const { buildApp } = (await import(path.join(servicesDir, name, 'src/app.ts'))) as { buildApp: () => Promise<FastifyInstance> };
    const app = await buildApp();
    await app.listen({ port: ports.get(name)!, host: '127.0.0.1' });
    services[name] = app;
  }
  // As runService does after listen: each service's event bus (and loops) run while it serves.
  for (const [name, app] of Object.entries(services)) if (!options.notServing?.includes(name as ServiceName)) await app!.startServingWork();

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
