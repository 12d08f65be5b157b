import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, withDatabase } from '@esim/platform';
import type { FastifyInstance } from 'fastify';
import { migrateAll } from '../../infra/src/migrate-all';
import { seedAll } from '../../infra/src/seed';
import { freePort, urlOf } from '../flows/system';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds a front end once when its production build is missing (CI builds both before the tests). */
export function ensureBuilt(app: 'backoffice' | 'storefront'): void {
  if (!existsSync(path.join(root, `frontend/${app}/dist/index.html`))) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: path.join(root, `frontend/${app}`), stdio: 'inherit' });
}
const ALL = ['auth', 'catalog', 'balance', 'esim', 'physical-sim'] as const;
type ServiceName = (typeof ALL)[number];

/**
 * The real system listening on a real port, for a browser: every service whose app exists in
 * this checkout (auth, catalog, balance; esim and physical-sim once built) on ephemeral ports with
 * their event buses, and the gateway in front serving the built storefront and back office. In a
 * test file it uses the file's own database; from a script it creates, migrates and seeds `database`.
 */
export interface ListeningSystem {
  url: string;
  services: ServiceName[];
  /** Signs in through the API: the token and the user, as the storefront stores them. */
  login(email: string, password?: string): Promise<{ token: string; user: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function startListeningSystem(options: { port?: number; database?: string } = {}): Promise<ListeningSystem> {
  if (!process.env.TEST_DATABASE_NAME) {
    const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    process.env.DATABASE_URL = withDatabase(base, options.database ?? 'esim_backoffice_demo');
    process.env.REDIS_PREFIX ??= `${options.database ?? 'esim_backoffice_demo'}:`;
    await ensureDatabase(process.env.DATABASE_URL);
    await migrateAll(process.env.DATABASE_URL);
  }
  await seedAll(process.env.DATABASE_URL!);

  // A service still being built has only a placeholder app (no routes yet): left out until it lands.
  const present = ALL.filter((name) => existsSync(path.join(root, 'services', name, 'src/routes')));
  // Every service gets its port before any is built, so each one's configuration names the
  // others' real addresses (physical-sim asks catalog and balance), never a default port.
  const ports = new Map<ServiceName, number>();
  for (const name of present) {
    ports.set(name, await freePort());
    process.env[`${name.toUpperCase().replace('-', '_')}_URL`] = `http://127.0.0.1:${ports.get(name)}`;
  }
  process.env.AUTH_JWKS_URL = `${process.env.AUTH_URL}/.well-known/jwks.json`;
  const apps: Partial<Record<ServiceName, FastifyInstance>> = {};
  for (const name of present) {
    const { buildApp } = (await import(path.join(root, 'services', name, 'src/app.ts'))) as { buildApp(): Promise<FastifyInstance> };
    const app = await buildApp();
    await app.listen({ port: ports.get(name)!, host: '127.0.0.1' });
    apps[name] = app;
  }
  // As runService does after listen: each service's event bus (and loops) run while it serves.
  for (const app of Object.values(apps)) await app.startServingWork();

  const { buildApp: buildGateway } = await import('../../services/gateway/src/app');
  const upstreams = Object.fromEntries(Object.entries(apps).map(([name, app]) => [name, urlOf(app!)]));
  const gateway = await buildGateway({ upstreams } as never);
  await gateway.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const url = urlOf(gateway);

  return {
    url,
    services: present,
    async login(email, password = 'Demo1234!') {
      const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      const body = (await res.json()) as { data: { token: string } & Record<string, unknown> };
      if (!res.ok) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
      const { token, token_type: _type, expires_at: _expires, ...user } = body.data;
      return { token, user };
    },
    async stop() {
      await gateway.close();
      await Promise.all(Object.values(apps).map((app) => app!.close()));
    },
  };
}
