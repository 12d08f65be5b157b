import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DEMO_PASSWORD, EVENT_TOPICS } from '@esim/contracts';
import { ensureKafkaTopics, withDatabase } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { startKafkaTestBroker, type KafkaTestBroker } from '../../infra/kafka-test-broker/index';
import { BANNER_READY_LINE } from '../../infra/src/banner';
import { ROOT_DIR, SERVICES } from '../../infra/src/services';
import { portOf } from '../../infra/src/settings';
import { alive } from '../../infra/test/helpers/processes';
import {
  freePortRange,
  runScript,
  runToEnd,
  scriptEnv,
  START_SCRIPT,
  type RunningScript,
} from '../../infra/test/helpers/scripts';
import { createImportQueue } from '../../services/physical-sim/src/imports/queue';

/**
 * The whole system as `npm start` runs it: the start script as a child process (supervisor, one
 * process per service, the gateway and the import worker) on its own database, Redis prefix and
 * ports, so tests reach it only the way users do, over real HTTP to the gateway.
 */
export interface RealSystem {
  /** The gateway, http://127.0.0.1:<port>. */
  baseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  transport: 'postgres' | 'kafka';
  /** Who takes card payments: the demo provider, or the fake iyzico through the real iyzico adapter. */
  cardProvider: 'demo' | 'fake-iyzico';
  /** The fake iyzico's address (its hosted page and control API), when it runs. */
  fakeIyzicoUrl: string | null;
  /** The wholesale supplier whose fake the esim service sells through (`npm start -- --supplier`), and the fake's address. */
  supplier: 'airalo' | 'esimaccess' | null;
  fakeSupplierUrl: string | null;
  /** The fake Paraşüt's address (its control API lists documents and requests), when invoices go to it. */
  fakeParasutUrl: string | null;
  /** The demo mail inbox (MailDev's web UI and REST API). */
  mailWebUrl: string;
  /** One real HTTP call to the gateway; `path` is under /api. The body is whatever the route answers (JSON parsed). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route answers its own shape; tests read fields freely.
  api(method: string, path: string, options?: ApiOptions): Promise<{ status: number; body: any; headers: Headers }>;
  login(email: string, password?: string): Promise<string>;
  /** The current pid of every supervised process by name, from the supervisor's "started X (pid N)" lines (latest wins). */
  pids(): Map<string, number>;
  /** Every copy of every service (not the gateway) as the supervisor names it, with its /ready. */
  copies(): Array<{ name: string; readyUrl: string }>;
  /** The start script's whole output so far. */
  output(): string;
  /** Resolves with the new pid once the supervisor has restarted the process and it is ready. */
  waitForRestart(name: string, oldPid: number): Promise<number>;
  /** SIGTERM to the start script, waits for every child to exit, drops the database. */
  stop(): Promise<void>;
}

export interface ApiOptions {
  token?: string;
  /** JSON unless it is a string, bytes or FormData, which are sent as they are (signed webhooks, uploads). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface StartOptions {
  transport?: 'postgres' | 'kafka';
  /** A Kafka cluster to use instead of starting the test broker. */
  kafkaBrokers?: string[];
  redisUrl?: string;
  /** Extra environment for the start script and so every process; `undefined` unsets a variable. */
  env?: Record<string, string | undefined>;
  /** `npm start -- --replicas N`: N copies of every service and worker behind the one gateway. */
  replicas?: number;
  /** `npm start -- --card-provider fake-iyzico`: card payments through the iyzico adapter against the fake iyzico. */
  cardProvider?: 'demo' | 'fake-iyzico';
  /** `npm start -- --supplier <name>`: eSIMs also bought from that supplier's fake. */
  supplier?: 'airalo' | 'esimaccess';
  /** `npm start -- --invoices fake-parasut`: e-Arşiv invoices through the Paraşüt adapter against the fake Paraşüt. */
  invoices?: 'fake-parasut';
}

/** The usage webhook's secret the system runs with, so tests can sign reports as the provider does. */
export const E2E_WEBHOOK_SECRET = 'e2e-esim-webhook-secret-0123456789';

const STARTUP_TIMEOUT_MS = 150_000;
const RESTART_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const WORKER = 'physical-sim-worker';

function pidsOf(output: string): Map<string, number> {
  const pids = new Map<string, number>();
  for (const match of output.matchAll(/started (\S+) \(pid (\d+)\)/g)) pids.set(match[1]!, Number(match[2]));
  return pids;
}

/**
 * A one-page stand-in for both front-end builds: the start script builds a missing build (minutes
 * of Vite on a busy machine), and these tests only use the API.
 */
async function stubFrontendBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'esim-e2e-spa-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><body>e2e</body></html>\n');
  return dir;
}

export async function startRealSystem(options: StartOptions = {}): Promise<RealSystem> {
  const transport = options.transport ?? (options.kafkaBrokers ? 'kafka' : 'postgres');
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim_test';
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  // esim_t_<unix time>_ : the test setup drops it later if this run is killed before stop().
  const dbName = `esim_t_${Math.floor(Date.now() / 1000)}_e2e${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(serverUrl, dbName);
  const redisPrefix = `test:${dbName}:`;

  let broker: KafkaTestBroker | undefined;
  let brokers = options.kafkaBrokers;
  if (transport === 'kafka' && !brokers && process.env.TEST_KAFKA_BROKERS) {
    // The run's Kafka container (TEST_CONTAINERS): a real broker, whose topics are made as in production.
    brokers = process.env.TEST_KAFKA_BROKERS.split(',');
    await ensureKafkaTopics({ brokers, partitions: 3, replicationFactor: 1, topics: EVENT_TOPICS });
  }
  if (transport === 'kafka' && !brokers) {
    broker = await startKafkaTestBroker({ topics: EVENT_TOPICS.map((name) => ({ name, partitions: 3 })) });
    brokers = broker.bootstrap;
  }
  const spaDir = await stubFrontendBuild();
  const replicas = options.replicas ?? 1;
  const base = await freePortRange(1 + 5 * replicas);
  const mail = await freePortRange(2);
  const mailWebUrl = `http://127.0.0.1:${mail + 1}`;
  const cardProvider = options.cardProvider ?? 'demo';
  const fakeIyzicoPort = cardProvider === 'fake-iyzico' ? await freePortRange(1) : null;
  const supplier = options.supplier ?? null;
  const fakeSupplierPort = supplier ? await freePortRange(1) : null;
  const fakeParasutPort = options.invoices ? await freePortRange(1) : null;
  const baseUrl = `http://127.0.0.1:${base}`;

  const run: RunningScript = runScript(
    START_SCRIPT,
    scriptEnv({
      APP_MODE: 'demo',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      PORT_BASE: String(base),
      MAIL_SMTP_PORT: String(mail),
      MAIL_WEB_PORT: String(mail + 1),
      LOG_LEVEL: 'warn',
      KAFKA_BROKERS: transport === 'kafka' ? brokers!.join(',') : undefined,
      STOREFRONT_DIST: spaDir,
      BACKOFFICE_DIST: spaDir,
      ESIM_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      INTERNAL_SERVICE_TOKEN: undefined,
      SMTP_URL: undefined,
      PUBLIC_BASE_URL: undefined,
      CARD_PROVIDER: fakeIyzicoPort ? 'fake-iyzico' : undefined,
      FAKE_IYZICO_PORT: fakeIyzicoPort ? String(fakeIyzicoPort) : undefined,
      SUPPLIER: supplier ?? undefined,
      FAKE_SUPPLIER_PORT: fakeSupplierPort ? String(fakeSupplierPort) : undefined,
      INVOICES: options.invoices,
      FAKE_PARASUT_PORT: fakeParasutPort ? String(fakeParasutPort) : undefined,
      // The issuing loop looks for due documents every half second, so a flow sees its invoice soon.
      INVOICE_POLL_INTERVAL_MS: '500',
      ...options.env,
    }),
    replicas > 1 ? ['--replicas', String(replicas)] : [],
  );
  const seenPids = new Set<number>();
  const remember = () => {
    for (const pid of pidsOf(run.output()).values()) seenPids.add(pid);
  };
  run.child.stdout!.on('data', remember);
  run.child.stderr!.on('data', remember);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      remember();
      if (run.child.exitCode === null && run.child.signalCode === null) {
        run.child.kill('SIGTERM');
        const timer = setTimeout(() => run.child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await run.exited;
        clearTimeout(timer);
      }
      // The supervisor stops its children before it exits; anything left (a SIGKILLed supervisor) goes now.
      await waitFor(() => [...seenPids].every((pid) => !alive(pid)), {
        timeoutMs: 5_000,
        what: 'every child to exit',
      }).catch(() => {
        for (const pid of seenPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
      });
      await broker?.stop();
      await rm(spaDir, { recursive: true, force: true });
      await dropDatabase(serverUrl, dbName);
      await dropRedisKeys(redisUrl, redisPrefix);
    })());

  try {
    await Promise.race([
      waitFor(() => run.output().includes(BANNER_READY_LINE), {
        timeoutMs: STARTUP_TIMEOUT_MS,
        intervalMs: 100,
        what: 'the start banner',
      }),
      run.exited.then(() => {
        throw new Error('the start script exited early');
      }),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${run.output().slice(-4000)}`);
  }

  const api: RealSystem['api'] = async (method, apiPath, callOptions = {}) => {
    const raw =
      typeof callOptions.body === 'string' ||
      callOptions.body instanceof Uint8Array ||
      callOptions.body instanceof FormData;
    const response = await fetch(`${baseUrl}/api${apiPath}`, {
      method,
      headers: {
        ...(callOptions.token ? { authorization: `Bearer ${callOptions.token}` } : {}),
        ...(callOptions.body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...callOptions.headers,
      },
      body:
        callOptions.body === undefined
          ? undefined
          : raw
            ? (callOptions.body as BodyInit)
            : JSON.stringify(callOptions.body),
    });
    const type = response.headers.get('content-type') ?? '';
    // JSON answers parsed; files (png, xlsx, csv) kept as bytes.
    const body = type.includes('json')
      ? await response.json()
      : type.startsWith('text/')
        ? await response.text()
        : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body, headers: response.headers };
  };

  return {
    baseUrl,
    databaseUrl,
    redisUrl,
    redisPrefix,
    transport,
    cardProvider,
    fakeIyzicoUrl: fakeIyzicoPort ? `http://127.0.0.1:${fakeIyzicoPort}` : null,
    supplier,
    fakeSupplierUrl: fakeSupplierPort ? `http://127.0.0.1:${fakeSupplierPort}` : null,
    fakeParasutUrl: fakeParasutPort ? `http://127.0.0.1:${fakeParasutPort}` : null,
    mailWebUrl,
    api,
    async login(email, password = DEMO_PASSWORD) {
      const res = await api('POST', '/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    pids: () => pidsOf(run.output()),
    copies: () =>
      SERVICES.filter((s) => s.name !== 'gateway').flatMap((service) =>
        Array.from({ length: replicas }, (_, replica) => ({
          name: replicas > 1 ? `${service.name}-${replica + 1}` : service.name,
          readyUrl: `http://127.0.0.1:${portOf(service, base, replica)}/ready`,
        })),
      ),
    output: run.output,
    async waitForRestart(name, oldPid) {
      const pid = await waitFor(
        () => {
          const current = pidsOf(run.output()).get(name);
          return current !== undefined && current !== oldPid && alive(current) ? current : undefined;
        },
        { timeoutMs: RESTART_TIMEOUT_MS, intervalMs: 50, what: `${name} restarted` },
      );
      remember();
      await waitUntilReady(name, { base, redisUrl, redisPrefix });
      return pid!;
    },
    stop,
  };
}

/** A service is ready when its /ready answers 200; the worker when it is listening on the import queue again. */
async function waitUntilReady(
  name: string,
  system: { base: number; redisUrl: string; redisPrefix: string },
): Promise<void> {
  const service = SERVICES.find((s) => s.name === name);
  if (service) {
    const url = `http://127.0.0.1:${portOf(service, system.base)}/ready`;
    await waitFor(async () => (await fetch(url)).status === 200, {
      timeoutMs: RESTART_TIMEOUT_MS,
      intervalMs: 100,
      what: `${name} ready`,
    });
    return;
  }
  if (name !== WORKER) throw new Error(`no process named ${name}`);
  const queue = createImportQueue(system.redisUrl, system.redisPrefix);
  try {
    await waitFor(async () => (await queue.getWorkersCount()) > 0, {
      timeoutMs: RESTART_TIMEOUT_MS,
      intervalMs: 100,
      what: `${name} ready`,
    });
  } finally {
    await queue.close();
  }
}

async function dropDatabase(serverUrl: string, dbName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(dbName)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

const CHECKS = {
  ledger: 'services/balance/src/cli/verify-ledger.ts',
  consistency: 'infra/src/consistency/cli.ts',
} as const;

/** The ledger's invariants and the cross-service consistency check, each as its own process on the system's database. */
export async function runChecks(
  system: RealSystem,
): Promise<{ ledger: { ok: boolean; output: string }; consistency: { ok: boolean; output: string } }> {
  const check = async (file: string) => {
    if (!existsSync(path.join(ROOT_DIR, file))) return { ok: false, output: `${file} does not exist` };
    const env = scriptEnv({
      DATABASE_URL: system.databaseUrl,
      REDIS_URL: system.redisUrl,
      REDIS_PREFIX: system.redisPrefix,
      LOG_LEVEL: 'warn',
    });
    const result = await runToEnd(path.join(ROOT_DIR, file), env, 60_000);
    return { ok: result.code === 0, output: result.output };
  };
  const [ledger, consistency] = await Promise.all([check(CHECKS.ledger), check(CHECKS.consistency)]);
  return { ledger, consistency };
}
