import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { databaseName, ensureDatabase } from '@esim/platform';
import { renderBanner } from './banner';
import { describeFailure } from './cli';
import { ensureFrontendsBuilt } from './frontends';
import type { MailCatcher } from './mail-catcher';
import { createPrefixer } from './log-prefix';
import { migrateAll } from './migrate-all';
import { checkPorts, checkPostgres, checkRedis, PreflightError } from './preflight';
import { planProcesses, type PlannedProcess } from './processes';
import { seedAll } from './seed';
import { stockDemoSupplier } from './demo-supplier';
import { planFakeSupplier, type FakeSupplier } from './fake-supplier';
import { ROOT_DIR, SERVICES } from './services';
import {
  connectHost,
  gatewayPort,
  loadDotEnv,
  loadStartSettings,
  MAX_REPLICAS,
  parseStartArgs,
  portOf,
  refuseDemoServiceSecrets,
  SettingsError,
  type StartSettings,
} from './settings';
import { Supervisor, type ProcessSpec } from './supervisor';
import { waitForReady } from './readiness';

/**
 * `npm start`: checks PostgreSQL and Redis, prepares the database (create, migrate, demo seed),
 * builds missing frontends, then runs every service, the gateway and the workers as supervised
 * child processes until Ctrl-C. Safe to run again on the same database.
 */

const STARTUP_TIMEOUT_MS = 120_000;

// Workers' longer names get their colour on first use; the common names set the column width.
const prefix = createPrefixer([...SERVICES.map((s) => s.name), 'build']);
const say = (line: string) => console.log(prefix('supervisor', line));

let supervisor: Supervisor | undefined;
let mail: MailCatcher | undefined;
let stopping = false;
/** With several copies, the ones whose request counts are told at the end. */
let counted: PlannedProcess[] = [];

/** Each copy's count of requests served (its /ready says), so a run shows that every copy took its share. */
async function reportServedCounts(): Promise<void> {
  const lines = await Promise.all(
    counted.map(async (planned) => {
      try {
        const response = await fetch(planned.readyUrl!, { signal: AbortSignal.timeout(1000) });
        const { served } = (await response.json()) as { served?: number };
        return `${planned.spec.name} ${served ?? '?'}`;
      } catch {
        return `${planned.spec.name} not answering`;
      }
    }),
  );
  if (lines.length) say(`requests served per copy: ${lines.join(', ')}`);
}

async function shutdown(exitCode: number): Promise<never> {
  stopping = true;
  if (supervisor) {
    await reportServedCounts();
    await supervisor.stop();
    say('every process has stopped.');
  }
  await mail?.stop();
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    say(`${signal} again: killing every process now.`);
    supervisor?.kill();
    process.exit(130);
  }
  say(`${signal}: stopping every process (press Ctrl-C again to kill them at once) ...`);
  void shutdown(0);
}

/**
 * `--card-provider fake-iyzico` (or CARD_PROVIDER=fake-iyzico, which tests pass through the
 * environment): card payments go through the real iyzico adapter to the fake iyzico, run as one
 * more process, so no iyzico account is needed. Without it, the balance service's own settings
 * decide (iyzico with IYZICO_* keys, else the demo provider in demo mode).
 */
function takeCardProvider(argv: string[]): { cardProvider: 'fake-iyzico' | null; rest: string[] } {
  const rest: string[] = [];
  let value = process.env.CARD_PROVIDER || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^--card-provider=(.*)$/.exec(arg);
    if (arg === '--card-provider') value = argv[++i] ?? '';
    else if (inline) value = inline[1]!;
    else rest.push(arg);
  }
  if (value === undefined) return { cardProvider: null, rest };
  if (value !== 'fake-iyzico')
    throw new SettingsError(
      `--card-provider: fake-iyzico, got ${value || 'nothing'} (leave it out for the balance service's own settings)`,
    );
  return { cardProvider: value, rest };
}

interface FakeIyzicoRun {
  planned: Pick<PlannedProcess, 'spec' | 'readyUrl'>;
  port: number;
  /** What every balance copy gets: the fake's address and this run's keys. */
  balanceEnv: Record<string, string>;
  controlUrl: string;
}

/** The fake iyzico's process: its port (FAKE_IYZICO_PORT, else the first port past every service copy) and fresh keys per run. */
function planFakeIyzico(settings: StartSettings): FakeIyzicoRun {
  const requested = process.env.FAKE_IYZICO_PORT;
  const port = requested ? Number(requested) : settings.PORT_BASE + (SERVICES.length - 1) * MAX_REPLICAS + 1;
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new SettingsError(`FAKE_IYZICO_PORT: a port number, got ${requested}`);
  const apiKey = `sandbox-fake-${randomBytes(12).toString('hex')}`;
  const secretKey = `sandbox-fake-${randomBytes(24).toString('hex')}`;
  const host = connectHost(settings.HOST);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const spec: ProcessSpec = {
    name: 'fake-iyzico',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT_DIR, 'infra/src/fakes/iyzico-cli.ts')],
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      HOST: settings.HOST,
      FAKE_IYZICO_PORT: String(port),
      FAKE_IYZICO_API_KEY: apiKey,
      FAKE_IYZICO_SECRET_KEY: secretKey,
    },
  };
  return {
    planned: { spec, readyUrl: `${url}/__fake/health` },
    port,
    balanceEnv: { IYZICO_API_KEY: apiKey, IYZICO_SECRET_KEY: secretKey, IYZICO_BASE_URL: url },
    controlUrl: `${process.env.FAKE_IYZICO_PUBLIC_URL ?? `http://localhost:${port}`}/__fake/`,
  };
}

/**
 * `--supplier airalo|esimaccess` (or SUPPLIER=...): the esim service sells through that supplier's
 * real adapter against its fake, run as one more process, so a newcomer sees the supplier path with
 * no account anywhere. Once the shop is up the demo admin syncs the fake's catalogue and makes a
 * package of each offer (the admin's own routes), so the storefront sells them beside the pool's.
 */
function takeSupplier(argv: string[]): { supplier: FakeSupplier | null; rest: string[] } {
  const rest: string[] = [];
  let value = process.env.SUPPLIER || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const inline = /^--supplier=(.*)$/.exec(arg);
    if (arg === '--supplier') value = argv[++i] ?? '';
    else if (inline) value = inline[1]!;
    else rest.push(arg);
  }
  if (value === undefined) return { supplier: null, rest };
  if (value !== 'airalo' && value !== 'esimaccess')
    throw new SettingsError(`--supplier: airalo or esimaccess, got ${value || 'nothing'}`);
  return { supplier: value, rest };
}

function portsInUse(
  settings: StartSettings,
  replicas: number,
  smtpCatcher: boolean,
): Array<{ port: number; what: string }> {
  const ports = SERVICES.flatMap((s) =>
    Array.from({ length: s.name === 'gateway' ? 1 : replicas }, (_, replica): { port: number; what: string } => ({
      port: portOf(s, settings.PORT_BASE, replica),
      what: replica ? `${s.name} copy ${replica + 1}` : s.name,
    })),
  );
  if (smtpCatcher) {
    ports.push(
      { port: settings.MAIL_SMTP_PORT, what: 'demo mail catcher, SMTP' },
      { port: settings.MAIL_WEB_PORT, what: 'demo mail catcher, web inbox' },
    );
  }
  return ports;
}

/** Starts a group of processes together and waits until each answers `/ready`. */
async function startGroup(group: Array<Pick<PlannedProcess, 'spec' | 'readyUrl'>>): Promise<void> {
  for (const planned of group) supervisor!.start(planned.spec);
  const results = await Promise.all(
    group.map(async (planned) => {
      if (!planned.readyUrl) return true;
      const ready = await waitForReady(planned.readyUrl, {
        timeoutMs: STARTUP_TIMEOUT_MS,
        cancelled: () => stopping,
        onWaiting: (ms) =>
          say(`still waiting for ${planned.spec.name} (${planned.readyUrl}) after ${Math.round(ms / 1000)} s ...`),
      });
      if (ready) say(`${planned.spec.name} is ready`);
      return ready || stopping;
    }),
  );
  const failed = group.filter((_, i) => !results[i]).map((p) => p.spec.name);
  if (failed.length) {
    throw new PreflightError(
      `${failed.join(', ')} did not become ready within ${STARTUP_TIMEOUT_MS / 1000} s; see its log lines above.`,
    );
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const { cardProvider, rest: afterCard } = takeCardProvider(process.argv.slice(2));
  const { supplier, rest } = takeSupplier(afterCard);
  const { replicas } = parseStartArgs(rest);
  const settings = loadStartSettings();
  refuseDemoServiceSecrets(settings);
  const demo = settings.APP_MODE === 'demo';
  const useCatcher = demo && !settings.SMTP_URL;
  if (cardProvider && !demo)
    throw new SettingsError('--card-provider fake-iyzico: demo mode only (the fake takes no real card)');
  const fakeIyzico = cardProvider === 'fake-iyzico' ? planFakeIyzico(settings) : null;
  if (supplier && !demo) throw new SettingsError(`--supplier ${supplier}: demo mode only (it runs a fake supplier)`);
  const fakeSupplier = supplier ? planFakeSupplier(settings, supplier) : null;

  await checkPostgres(settings.DATABASE_URL);
  await checkRedis(settings.REDIS_URL);
  await checkPorts(
    [
      ...portsInUse(settings, replicas, useCatcher),
      ...(fakeIyzico ? [{ port: fakeIyzico.port, what: 'fake iyzico (FAKE_IYZICO_PORT)' }] : []),
      ...(fakeSupplier ? [{ port: fakeSupplier.port, what: `fake ${supplier} (FAKE_SUPPLIER_PORT)` }] : []),
    ],
    settings.HOST,
  );

  if (await ensureDatabase(settings.DATABASE_URL)) say(`created database ${databaseName(settings.DATABASE_URL)}`);
  await migrateAll(settings.DATABASE_URL, say);
  say('every schema is up to date');
  if (demo) await seedAll(settings.DATABASE_URL, say);
  await ensureFrontendsBuilt((line) => console.log(prefix('build', line)));

  let smtpUrl = settings.SMTP_URL;
  if (useCatcher) {
    // Loaded on demand: production never needs MailDev.
    const { startMailCatcher } = await import('./mail-catcher');
    mail = await startMailCatcher({ smtpPort: settings.MAIL_SMTP_PORT, webPort: settings.MAIL_WEB_PORT });
    smtpUrl = mail.smtpUrl;
    say(`demo mail inbox at ${mail.webUrl} (SMTP ${mail.smtpUrl})`);
  }
  // Demo mode: a fresh secret per run, so the published demo default never guards a running system.
  const internalToken = settings.INTERNAL_SERVICE_TOKEN ?? randomBytes(32).toString('hex');

  const plan = planProcesses(settings, { internalToken, smtpUrl, replicas });
  if (replicas > 1) {
    counted = plan.groups.services;
    say(`${replicas} copies of every service and worker; the gateway spreads requests over them`);
  }
  if (plan.missing.length) say(`not started, no src/server.ts yet: ${plan.missing.join(', ')}`);
  if (fakeIyzico) {
    for (const planned of plan.groups.services)
      if (planned.service.name === 'balance') Object.assign(planned.spec.env!, fakeIyzico.balanceEnv);
  }
  if (fakeSupplier) {
    for (const planned of plan.groups.services)
      if (planned.service.name === 'esim') Object.assign(planned.spec.env!, fakeSupplier.esimEnv);
  }
  supervisor = new Supervisor({ output: (name, line) => console.log(prefix(name, line)), log: say });

  if (fakeIyzico) {
    await startGroup([fakeIyzico.planned]);
    say(`card payments go to the FAKE iyzico (not iyzico); its payments and fraud reviews: ${fakeIyzico.controlUrl}`);
  }
  if (fakeSupplier) {
    await startGroup([fakeSupplier.planned]);
    say(`eSIMs can come from the FAKE ${supplier} (not ${supplier}); its control API: ${fakeSupplier.controlUrl}`);
  }
  if (!stopping) await startGroup(plan.groups.services);
  if (!stopping) await startGroup(plan.groups.gateway);
  if (!stopping) await startGroup(plan.groups.workers);
  if (stopping) return;
  if (supplier) {
    const made = await stockDemoSupplier(`http://127.0.0.1:${gatewayPort(settings)}`, supplier, say);
    say(`the FAKE ${supplier}'s catalogue synced; ${made} new package(s) of it on sale beside the pool's`);
  }

  console.log(
    renderBanner({
      mode: settings.APP_MODE,
      baseUrl: `http://localhost:${gatewayPort(settings)}`,
      mailInboxUrl: mail?.webUrl,
      missing: plan.missing,
    }),
  );
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

main().catch(async (error: unknown) => {
  if (stopping) return;
  console.error(`\n${describeFailure(error)}\n`);
  await shutdown(1);
});
