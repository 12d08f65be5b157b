import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { withDatabase } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { KafkaTestBroker } from '../../infra/kafka-test-broker/index';
import type { RealSystem } from '../e2e/harness';
import type { OwnRedis } from './own-redis';

/** The supervised processes a fault may SIGKILL, as the supervisor names them. */
export const PROCESSES = [
  'gateway',
  'auth',
  'catalog',
  'balance',
  'esim',
  'physical-sim',
  'physical-sim-worker',
] as const;
export type ProcessName = (typeof PROCESSES)[number];

/** The service copies a fault may take out for good (with two copies of everything). */
export const SECOND_COPIES = ['balance-2', 'esim-2', 'catalog-2', 'auth-2', 'physical-sim-2'] as const;
export type CopyName = (typeof SECOND_COPIES)[number];

export type FaultName =
  | `kill ${ProcessName}`
  | `lose ${CopyName}`
  | 'restart redis'
  | 'terminate postgres connections'
  | 'kafka brokers down';

export interface FaultContext {
  system: RealSystem;
  redis: OwnRedis;
  broker?: KafkaTestBroker;
  /** Called just before the worker is killed, so an import is under way when it dies. */
  beforeWorkerKill?: () => Promise<void>;
  /** The start script's HOLD_DOWN_DIR: a file named after a process there keeps it down once killed. */
  holdDownDir?: string;
}

const KAFKA_DOWN_MS = 10_000;
const REDIS_DOWN_MS = 2_000;
const BROKER_IDS = [1, 2, 3];

/** Injects one fault and waits until the system is whole again; answers what happened, in words. */
export async function inject(fault: FaultName, ctx: FaultContext): Promise<string> {
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (fault.startsWith('kill ')) {
    const name = fault.slice('kill '.length) as ProcessName;
    if (name === 'physical-sim-worker') await ctx.beforeWorkerKill?.();
    const pid = ctx.system.pids().get(name);
    if (!pid) throw new Error(`no pid for ${name}`);
    process.kill(pid, 'SIGKILL');
    const restarted = await ctx.system.waitForRestart(name, pid);
    await servicesAnswer(ctx.system);
    return `pid ${pid} → ${restarted}, ready in ${took()}`;
  }
  if (fault.startsWith('lose ')) {
    const name = fault.slice('lose '.length) as CopyName;
    if (!ctx.holdDownDir) throw new Error(`${fault}: the system runs without HOLD_DOWN_DIR`);
    const pid = ctx.system.pids().get(name);
    if (!pid) throw new Error(`no pid for ${name}`);
    await writeFile(path.join(ctx.holdDownDir, name), 'kept down by the fault run\n');
    process.kill(pid, 'SIGKILL');
    // The supervisor's line on its exit: kept down, or (HOLD_DOWN_DIR not read) restarting.
    const exit = new RegExp(`${name} was killed by SIGKILL after [\\d.]+ s; (kept down|restarting)`);
    const said = await waitFor(() => exit.exec(ctx.system.output())?.[1], {
      timeoutMs: 10_000,
      intervalMs: 50,
      what: `${name} gone`,
    });
    if (said !== 'kept down') throw new Error(`${name} was restarted`);
    await servicesAnswer(ctx.system);
    return `pid ${pid} killed, kept down; every service answers in ${took()}`;
  }
  if (fault === 'restart redis') {
    await ctx.redis.restart(REDIS_DOWN_MS);
    await servicesAnswer(ctx.system);
    return `down ${REDIS_DOWN_MS / 1000} s, empty on return; whole in ${took()}`;
  }
  if (fault === 'terminate postgres connections') {
    const terminated = await terminateConnections(ctx.system.databaseUrl);
    await servicesAnswer(ctx.system);
    return `${terminated} connections ended; whole in ${took()}`;
  }
  if (!ctx.broker) throw new Error('kafka brokers down: the system runs on the PostgreSQL log');
  for (const id of BROKER_IDS) await ctx.broker.brokerDown(id);
  await sleep(KAFKA_DOWN_MS);
  for (const id of BROKER_IDS) await ctx.broker.brokerUp(id);
  await servicesAnswer(ctx.system);
  return `${BROKER_IDS.length} brokers down ${KAFKA_DOWN_MS / 1000} s; whole in ${took()}`;
}

/** Ends every connection to the system's own database (never another test's), as a failover would. */
async function terminateConnections(databaseUrl: string): Promise<number> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return result.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

/** Every service answers its readiness again (a backlog of events may still be draining: degraded is fine). */
export async function servicesAnswer(system: RealSystem): Promise<void> {
  await waitFor(
    async () => {
      const health = await system.api('GET', '/health');
      const services = Object.values((health.body?.services ?? {}) as Record<string, { status: string }>);
      return services.length > 0 && services.every((s) => s.status !== 'down');
    },
    { timeoutMs: 60_000, intervalMs: 250, what: 'every service to answer again' },
  );
}
