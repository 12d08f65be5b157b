import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceName } from '@esim/contracts';
import { ensureDatabase, withDatabase } from '@esim/platform';
import type { FastifyInstance } from 'fastify';
import { migrateAll } from '../../infra/src/migrate-all';
import { seedAll } from '../../infra/src/seed';
import { freePortRange } from '../../infra/test/helpers/scripts';

/**
 * The real system in one process: auth, catalog, balance, esim and physical-sim on ephemeral ports
 * with their event buses running, the gateway in front of them, on the test file's own database
 * (cloned from the migrated template) with the demo seed; `running` says which services are up.
 * The flows call the gateway in-process (`api`); with `listen` the gateway also listens on a real
 * port serving the built storefront and back office, for a browser or a script (`url`).
 */
export interface System {
  gateway: FastifyInstance;
  services: Record<'auth' | 'catalog' | 'balance' | 'esim', FastifyInstance> &
    Partial<Record<ServiceName, FastifyInstance>>;
  /** The services started in this process: routes of any other service are not reachable here. */
  running: ReadonlySet<ServiceName>;
  /** One call through the gateway; `remoteAddress` is the caller's socket address (the gateway's client IP). */
  api(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(email: string, password?: string): Promise<string>;
  /** Signs in through the API: the token and the user, as the front ends store them. */
  session(email: string, password?: string): Promise<{ token: string; user: Record<string, unknown> }>;
  /** Stops one service, as if it were down: calls to it fail from then on. */
  stopService(name: ServiceName): Promise<void>;
  /**
   * Another gateway in front of these services (ready, not listening), with some services at other
   * addresses (one that is down, a relay, a replica) and settings over the system gateway's; stopped with the system.
   */
  startGateway(options?: {
    upstreams?: Partial<Record<ServiceName, string>>;
    env?: Record<string, string>;
  }): Promise<FastifyInstance>;
  /**
   * Another instance of one service on the same database and settings, listening on its own port (`urlOf`);
   * its serving work (event bus, loops) runs unless `serving` is false. Stopped with the system.
   */
  startReplica(name: ServiceName, options?: { serving?: boolean }): Promise<FastifyInstance>;
  stop(): Promise<void>;
}

/** A system whose gateway listens on a real port. */
export interface ListeningSystem extends System {
  url: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const servicesDir = path.join(root, 'services');
/** Services built by their own issues: started here as soon as their app exists. */
const LATER_SERVICES = ['physical-sim'] as const;

/**
 * A port free right now, for a process that listens on it a moment later: below the OS's
 * ephemeral range, so no outgoing connection or `listen(0)` elsewhere takes it in between.
 */
export const freePort = (): Promise<number> => freePortRange(1);

/** The address an app listening on 127.0.0.1 answers at. */
export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Runs `build` with these environment variables set, then puts the previous values back. */
async function withEnv<T>(env: Record<string, string>, build: () => Promise<T>): Promise<T> {
  const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await build();
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export interface StartOptions {
  /** Services that listen without running their serving work (event bus, loops): a system as it ran with that defect. */
  notServing?: ServiceName[];
  /** The gateway listens on this port (0 or undefined in the object: any free one). */
  listen?: { port?: number };
  /** Outside a test file (a script): the database to create, migrate and seed first. */
  database?: string;
  /** Gateway settings over the environment's (a storefront build of the test's own, looser public limits). */
  gatewayEnv?: Record<string, string>;
  /** One service's settings over the environment's, read while it is built (a relay in front of another service's address). */
  serviceEnv?: Partial<Record<ServiceName, Record<string, string>>>;
}

export async function startSystem(options: StartOptions & { listen: { port?: number } }): Promise<ListeningSystem>;
export async function startSystem(options?: StartOptions): Promise<System>;
export async function startSystem(options: StartOptions = {}): Promise<System | ListeningSystem> {
  if (!process.env.TEST_DATABASE_NAME) {
    const database = options.database ?? 'esim_system_demo';
    process.env.DATABASE_URL = withDatabase(
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      database,
    );
    process.env.REDIS_PREFIX ??= `${database}:`;
    await ensureDatabase(process.env.DATABASE_URL);
    await migrateAll(process.env.DATABASE_URL);
  }
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

  const buildService = async (name: ServiceName) => {
    const { buildApp } = (await import(path.join(servicesDir, name, 'src/app.ts'))) as {
      buildApp: () => Promise<FastifyInstance>;
    };
    return withEnv(options.serviceEnv?.[name] ?? {}, buildApp);
  };
  const services = {} as System['services'];
  for (const name of names) {
    const app = await buildService(name);
    await app.listen({ port: ports.get(name)!, host: '127.0.0.1' });
    services[name] = app;
  }
  // As runService does after listen: each service's event bus (and loops) run while it serves.
  for (const [name, app] of Object.entries(services))
    if (!options.notServing?.includes(name as ServiceName)) await app!.startServingWork();

  const { buildApp: buildGateway } = await import('../../services/gateway/src/app');
  const { loadGatewayConfig } = await import('../../services/gateway/src/config');
  const upstreams = Object.fromEntries(Object.entries(services).map(([name, app]) => [name, urlOf(app!)]));
  const gateway = await buildGateway({
    upstreams,
    ...(options.gatewayEnv ? { config: loadGatewayConfig({ ...process.env, ...options.gatewayEnv }) } : {}),
  });
  /** Gateways and replicas a test started besides the system's own. */
  const extras: FastifyInstance[] = [];
  if (options.listen) await gateway.listen({ port: options.listen.port ?? 0, host: '127.0.0.1' });
  else await gateway.ready();

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

  const stopped = new Set<ServiceName>();
  const session: System['session'] = async (email, password = 'Demo1234!') => {
    const res = await api('POST', '/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    const {
      token,
      token_type: _type,
      expires_at: _expires,
      ...user
    } = res.body.data as { token: string } & Record<string, unknown>;
    return { token, user };
  };

  return {
    gateway,
    services,
    running: new Set(Object.keys(services) as ServiceName[]),
    ...(options.listen ? { url: urlOf(gateway) } : {}),
    api,
    session,
    async login(email, password) {
      return (await session(email, password)).token;
    },
    async stopService(name) {
      if (stopped.has(name)) return;
      stopped.add(name);
      await services[name]?.close();
    },
    async startGateway({ upstreams: replaced = {}, env = {} } = {}) {
      const extra = await buildGateway({
        upstreams: { ...upstreams, ...replaced },
        config: loadGatewayConfig({ ...process.env, ...options.gatewayEnv, ...env }),
      });
      extras.push(extra);
      await extra.ready();
      return extra;
    },
    async startReplica(name, { serving = true } = {}) {
      const replica = await buildService(name);
      extras.push(replica);
      await replica.listen({ port: 0, host: '127.0.0.1' });
      if (serving) await replica.startServingWork();
      return replica;
    },
    async stop() {
      await Promise.all(extras.map((extra) => extra.close()));
      await gateway.close();
      await Promise.all(
        Object.entries(services)
          .filter(([name]) => !stopped.has(name as ServiceName))
          .map(([, app]) => app!.close()),
      );
    },
  };
}
