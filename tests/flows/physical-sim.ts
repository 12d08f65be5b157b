import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import type { PhysicalSimApp } from '../../services/physical-sim/src/app';
import type { System } from './system';

/**
 * The physical-card flows' view of the running system: physical-sim and balance (whose tables the
 * flows read), the demo accounts signed in through auth, the demo Plus packages, and physical-sim's
 * import worker as its own process (src/worker.ts, as under npm start, asking the running catalog).
 */
const serviceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/physical-sim');
export const DEALER = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
export const DEALER_2 = DEMO_ACCOUNTS.find((a) => a.email === 'dealer2@esim.test')!;
export const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.role === 'retail')!;
export const PLUS_EU = DEMO_PLUS_PACKAGES[0]!;
export const PLUS_GLOBAL = DEMO_PLUS_PACKAGES[1]!;
export const PLUS_TR = DEMO_PLUS_PACKAGES[2]!;

export interface PhysicalSimFlow {
  app: PhysicalSimApp;
  balance: System['services']['balance'];
  tokens: { admin: string; salesManager: string; dealer: string; dealer2: string; customer: string };
  auth(token: string, extra?: Record<string, string>): Record<string, string>;
  /** Starts one import worker with this file's database, Redis prefix and the system's catalog (plus `env`). */
  startWorker(env?: Record<string, string>): ChildProcess;
  /** Kills the workers still running. */
  stopWorkers(): void;
}

/** `env`: physical-sim settings the workers share with the service (give the same to startSystem's serviceEnv). */
export async function physicalSimFlow(
  system: System,
  options: { env?: Record<string, string> } = {},
): Promise<PhysicalSimFlow> {
  const app = system.services['physical-sim'];
  if (!app) throw new Error('physical-sim is not running in this system');
  const workers: ChildProcess[] = [];
  return {
    app: app as unknown as PhysicalSimApp,
    balance: system.services.balance,
    tokens: {
      admin: await system.login('admin@esim.test'),
      salesManager: await system.login('sales@esim.test'),
      dealer: await system.login(DEALER.email),
      dealer2: await system.login(DEALER_2.email),
      customer: await system.login(CUSTOMER.email),
    },
    auth: (value, extra = {}) => ({ authorization: `Bearer ${value}`, ...extra }),
    startWorker(env = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serviceDir,
        env: { ...process.env, NODE_ENV: 'test', ...options.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(child);
      return child;
    },
    stopWorkers() {
      for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    },
  };
}

/** An import job as the API shows it, once it has finished (completed or failed). */
export async function waitForImport(f: PhysicalSimFlow, id: string, timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const res = await f.app.inject({ url: `/admin/physical-sim/imports/${id}`, headers: f.auth(f.tokens.admin) });
      const job = res.json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : null;
    },
    { timeoutMs, intervalMs: 200, what: `import ${id} to finish` },
  );
}
