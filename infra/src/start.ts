import { randomBytes } from 'node:crypto';
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
import { planFakeIyzico, planFakeParasut, planFakeSupplier, type FakeRun, type FakeSupplier } from './fake-processes';
import { SERVICES } from './services';
import {
  gatewayPort,
  heldDown,
  loadDotEnv,
  loadStartSettings,
  parseStartArgs,
  portOf,
  refuseDemoServiceSecrets,
  SettingsError,
  type StartSettings,
} from './settings';
import { Supervisor } from './supervisor';
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
 * A `--flag value` (or `--flag=value`, or the environment variable tests pass) that picks a fake
 * third party to run beside the services; the rest of the arguments are left for the next reader.
 */
function takeFlag<T extends string>(
  argv: string[],
  flag: string,
  variable: string,
  allowed: readonly T[],
): { value: T | null; rest: string[] } {
  const rest: string[] = [];
  let value = process.env[variable] || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === flag) value = argv[++i] ?? '';
    else if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
    else rest.push(arg);
  }
  if (value === undefined) return { value: null, rest };
  if (!allowed.includes(value as T))
    throw new SettingsError(`${flag}: ${allowed.join(' or ')}, got ${value || 'nothing'}`);
  return { value: value as T, rest };
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
  // `--card-provider fake-iyzico`: card payments through the iyzico adapter against the fake iyzico (else
  // balance's own settings decide). `--supplier airalo|esimaccess`: eSIMs also from that supplier's fake; once
  // up, the demo admin syncs its catalogue and makes a package of each offer. `--invoices fake-parasut`:
  // e-Arşiv invoices through the Paraşüt adapter against the fake Paraşüt (else auth's own settings decide).
  const card = takeFlag(process.argv.slice(2), '--card-provider', 'CARD_PROVIDER', ['fake-iyzico'] as const);
  const suppliers = takeFlag(card.rest, '--supplier', 'SUPPLIER', ['airalo', 'esimaccess'] as const);
  const invoices = takeFlag(suppliers.rest, '--invoices', 'INVOICES', ['fake-parasut'] as const);
  const cardProvider = card.value;
  const supplier: FakeSupplier | null = suppliers.value;
  const { replicas } = parseStartArgs(invoices.rest);
  const settings = loadStartSettings();
  refuseDemoServiceSecrets(settings);
  const demo = settings.APP_MODE === 'demo';
  const useCatcher = demo && !settings.SMTP_URL;
  if (cardProvider && !demo)
    throw new SettingsError('--card-provider fake-iyzico: demo mode only (the fake takes no real card)');
  const fakeIyzico = cardProvider === 'fake-iyzico' ? planFakeIyzico(settings) : null;
  if (supplier && !demo) throw new SettingsError(`--supplier ${supplier}: demo mode only (it runs a fake supplier)`);
  const fakeSupplier = supplier ? planFakeSupplier(settings, supplier) : null;
  if (invoices.value && !demo)
    throw new SettingsError('--invoices fake-parasut: demo mode only (the fake issues no real invoice)');
  const fakeParasut = invoices.value ? planFakeParasut(settings) : null;

  await checkPostgres(settings.DATABASE_URL);
  await checkRedis(settings.REDIS_URL);
  await checkPorts(
    [
      ...portsInUse(settings, replicas, useCatcher),
      ...(fakeIyzico ? [{ port: fakeIyzico.port, what: 'fake iyzico (FAKE_IYZICO_PORT)' }] : []),
      ...(fakeSupplier ? [{ port: fakeSupplier.port, what: `fake ${supplier} (FAKE_SUPPLIER_PORT)` }] : []),
      ...(fakeParasut ? [{ port: fakeParasut.port, what: 'fake Paraşüt (FAKE_PARASUT_PORT)' }] : []),
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
  const fakes = [
    {
      run: fakeIyzico,
      service: 'balance',
      says: 'card payments go to the FAKE iyzico (not iyzico); its payments and fraud reviews',
    },
    {
      run: fakeSupplier,
      service: 'esim',
      says: `eSIMs can come from the FAKE ${supplier} (not ${supplier}); its control API`,
    },
    { run: fakeParasut, service: 'auth', says: 'e-Arşiv invoices go to the FAKE Paraşüt (not Paraşüt); its documents' },
  ].filter((fake): fake is typeof fake & { run: FakeRun } => fake.run !== null);
  for (const fake of fakes)
    for (const planned of plan.groups.services)
      if (planned.service.name === fake.service) Object.assign(planned.spec.env!, fake.run.serviceEnv);
  supervisor = new Supervisor({
    output: (name, line) => console.log(prefix(name, line)),
    log: say,
    stayDown: heldDown(settings),
  });

  for (const fake of fakes) {
    await startGroup([fake.run.planned]);
    say(`${fake.says}: ${fake.run.controlUrl}`);
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
