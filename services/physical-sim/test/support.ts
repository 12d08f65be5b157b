import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { createTestKeys, waitFor } from '@esim/platform/testing';
import type { FastifyInstance } from 'fastify';
import { seedAll } from '../../../infra/src/seed';
import { buildApp, type PhysicalSimApp } from '../src/app';
import { loadPhysicalSimConfig } from '../src/config';

/**
 * The physical-sim service with the real catalog and balance services beside it (on ephemeral
 * ports, their event buses running), on this test file's own database with every demo seed.
 * The import worker is the real worker process (src/worker.ts), started by `startWorker`.
 */
export const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
export const SALES_MANAGER = DEMO_ACCOUNTS.find((a) => a.role === 'sales-manager')!;
export const DEALER = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
export const DEALER_2 = DEMO_ACCOUNTS.find((a) => a.email === 'dealer2@esim.test')!;
export const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.role === 'retail')!;
export const PLUS_EU = DEMO_PLUS_PACKAGES[0]!;
export const PLUS_GLOBAL = DEMO_PLUS_PACKAGES[1]!;
export const PLUS_TR = DEMO_PLUS_PACKAGES[2]!;

const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export interface Fixture {
  app: PhysicalSimApp;
  catalog: FastifyInstance;
  balance: FastifyInstance;
  catalogUrl: string;
  tokens: { admin: string; salesManager: string; dealer: string; dealer2: string; customer: string };
  auth(token: string, extra?: Record<string, string>): Record<string, string>;
  startWorker(env?: Record<string, string>): ChildProcess;
  stop(): Promise<void>;
}

export async function setup(options: { withBalance?: boolean; env?: Record<string, string> } = {}): Promise<Fixture> {
  await seedAll(process.env.DATABASE_URL!);
  const keys = await createTestKeys();
  const { buildApp: buildCatalog } = await import('../../catalog/src/app');
  const { buildApp: buildBalance } = await import('../../balance/src/app');
  const catalog = await buildCatalog({ jwks: keys.jwks });
  const balance = await buildBalance({ jwks: keys.jwks });
  await catalog.listen({ port: 0, host: '127.0.0.1' });
  await balance.listen({ port: 0, host: '127.0.0.1' });
  const catalogUrl = urlOf(catalog);
  const config = loadPhysicalSimConfig({ ...process.env, CATALOG_URL: catalogUrl, BALANCE_URL: urlOf(balance), ...options.env });
  const app = await buildApp({ config, jwks: keys.jwks });
  await app.ready();
  for (const a of [balance, app] as unknown as Array<{ events: { start(): Promise<void> } }>) await a.events.start();

  const token = (a: (typeof DEMO_ACCOUNTS)[number]) => keys.token({ id: a.id, userType: a.userType, email: a.email });
  const workers: ChildProcess[] = [];
  return {
    app,
    catalog,
    balance,
    catalogUrl,
    tokens: { admin: await token(ADMIN), salesManager: await token(SALES_MANAGER), dealer: await token(DEALER), dealer2: await token(DEALER_2), customer: await token(CUSTOMER) },
    auth: (value, extra = {}) => ({ authorization: `Bearer ${value}`, ...extra }),
    startWorker(env = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serviceDir,
        env: { ...process.env, NODE_ENV: 'test', CATALOG_URL: catalogUrl, ...options.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(child);
      return child;
    },
    async stop() {
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
      await app.close();
      await balance.close();
      await catalog.close();
    },
  };
}

/** An import job as the API shows it, once it has finished (completed or failed). */
export async function waitForImport(f: Fixture, id: string, timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const res = await f.app.inject({ url: `/admin/physical-sim/imports/${id}`, headers: f.auth(f.tokens.admin) });
      const job = res.json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    },
    { timeoutMs, intervalMs: 200, what: `import ${id} to finish` },
  );
}
