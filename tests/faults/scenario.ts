import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { EVENT_TOPICS } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { startKafkaTestBroker, type KafkaTestBroker } from '../../infra/kafka-test-broker/index';
import { runChecks, startRealSystem, type RealSystem } from '../e2e/harness';
import { LoadClient } from './client';
import { inject, type FaultName } from './faults';
import { MixedLoad, type LoadSize } from './load';
import { OwnRedis } from './own-redis';
import { kafkaRedeliveries, logRedeliveries, type RedeliveryCounter } from './redeliveries';
import { Tally, type PhaseReport } from './tally';
import { verify, waitUntilSettled, type Verdict } from './verify';

export interface ScenarioOptions {
  transport: 'postgres' | 'kafka';
  faults: FaultName[];
  load: LoadSize;
  /** Load without a fault before the first one and after each (the system shows it recovered). */
  gapMs: number;
  settleTimeoutMs: number;
  /** Card numbers of the import's series (three digits), distinct per run of one database. */
  importSeries: number;
  /** Copies of every service and worker (`npm start -- --replicas`); a `lose` fault needs two. */
  replicas?: number;
}

/** One copy's count of requests served (its /ready says) at the end of each phase; undefined once it is gone. */
export interface CopyCounts {
  name: string;
  served: Array<number | undefined>;
}

export interface ScenarioReport {
  transport: 'postgres' | 'kafka';
  phases: PhaseReport[];
  verdict: Verdict;
  checks: { ledger: { ok: boolean; output: string }; consistency: { ok: boolean; output: string } };
  /** With several copies: what each served, phase by phase. */
  copies?: CopyCounts[];
}

async function servedBy(readyUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) });
    return ((await response.json()) as { served?: number }).served;
  } catch {
    return undefined;
  }
}

/** Log lines of a service retrying its events: a handler, the relay, the log consumer. */
const EVENT_RETRY_LINES =
  /event handler failed, retrying|outbox relay failed, retrying|event log consumer failed, retrying/g;

/**
 * One system (its own database, Redis and, on Kafka, test broker) under the mixed load while the
 * faults strike one at a time; then the load ends, the system settles and everything the load was
 * answered is checked against the services' tables and the ledger.
 */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const redis = await OwnRedis.start();
  let broker: KafkaTestBroker | undefined;
  let system: RealSystem | undefined;
  let db: pg.Pool | undefined;
  let redeliveries: RedeliveryCounter | undefined;
  const replicas = options.replicas ?? 1;
  const holdDownDir = replicas > 1 ? await mkdtemp(path.join(tmpdir(), 'esim-hold-down-')) : undefined;
  try {
    if (options.transport === 'kafka')
      broker = await startKafkaTestBroker({ topics: EVENT_TOPICS.map((name) => ({ name, partitions: 3 })) });
    system = await startRealSystem({
      transport: options.transport,
      replicas,
      redisUrl: redis.url,
      kafkaBrokers: broker?.bootstrap,
      env: {
        // One client address sends the whole load: the per-address limits are not under test here.
        RATE_LIMIT_API_PER_MIN: '1000000',
        RATE_LIMIT_LOGIN_PER_MIN: '1000',
        // A killed worker's import is taken over within seconds, not the default half minute.
        IMPORT_STALE_AFTER_MS: '3000',
        ...(holdDownDir ? { HOLD_DOWN_DIR: holdDownDir } : {}),
      },
    });
    // A pool, not one client: the fault that ends the system's connections ends ours too.
    db = new pg.Pool({ connectionString: system.databaseUrl, max: 2 });
    db.on('error', () => undefined);
    redeliveries = broker ? await kafkaRedeliveries(broker.bootstrap) : logRedeliveries(db);

    const tally = new Tally();
    const client = new LoadClient(system, tally, 60_000);
    const load = await MixedLoad.prepare(system, client, options.load);
    const phases: PhaseReport[] = [];
    const copies: CopyCounts[] | undefined =
      replicas > 1 ? system.copies().map(({ name }) => ({ name, served: [] })) : undefined;
    const readyUrls = new Map(system.copies().map((copy) => [copy.name, copy.readyUrl]));
    const measure = async (phase: string, work: () => Promise<string>) => {
      tally.enter(phase);
      const copiesBefore = await redeliveries!.count();
      const outputBefore = system!.output().length;
      const note = await work();
      phases.push({
        phase,
        ...tally.countsOf(phase),
        redelivered: (await redeliveries!.count()) - copiesBefore,
        eventRetries: system!.output().slice(outputBefore).match(EVENT_RETRY_LINES)?.length ?? 0,
        note,
      });
      for (const copy of copies ?? []) copy.served.push(await servedBy(readyUrls.get(copy.name)!));
    };

    load.start();
    const uploadImport = async () => {
      const id = await load.uploadImport(options.importSeries);
      await importUnderWay(db!, id);
    };
    await measure('warm-up', async () => {
      if (!options.faults.includes('kill physical-sim-worker')) await uploadImport();
      await sleep(options.gapMs);
      return '';
    });
    for (const fault of options.faults) {
      await measure(fault, async () => {
        const note = await inject(fault, {
          system: system!,
          redis,
          broker,
          beforeWorkerKill: uploadImport,
          holdDownDir,
        });
        await sleep(options.gapMs);
        return note;
      });
    }
    let verdict: Verdict | undefined;
    await measure('recovery', async () => {
      await load.stop();
      const started = Date.now();
      await waitUntilSettled(db!, load.record, options.transport, options.settleTimeoutMs);
      verdict = await verify(db!, load.record);
      return `settled in ${((Date.now() - started) / 1000).toFixed(1)} s`;
    });
    const checks = await runChecks(system);
    return { transport: options.transport, phases, verdict: verdict!, checks, copies };
  } finally {
    await redeliveries?.stop().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await system?.stop();
    await broker?.stop();
    await redis.kill();
    if (holdDownDir) await rm(holdDownDir, { recursive: true, force: true });
  }
}

/** The import's first progress report: the worker is inside it, with most rows still to go. */
async function importUnderWay(db: pg.Pool, id: string): Promise<void> {
  await waitFor(
    async () => {
      const job = (await db.query('SELECT status, rows_read FROM physical_sim.import_jobs WHERE id = $1', [id]))
        .rows[0];
      return (
        (job?.status === 'processing' && job.rows_read > 0) || job?.status === 'completed' || job?.status === 'failed'
      );
    },
    { timeoutMs: 60_000, intervalMs: 20, what: 'the import under way' },
  );
}

/** The run's figures as one table: per phase what the load met, then what the checks found. */
export function summarize(report: ScenarioReport): string {
  const { phases, verdict, checks } = report;
  const total = (field: keyof PhaseReport) => phases.reduce((sum, p) => sum + (p[field] as number), 0);
  const columns = [
    'requests',
    'refused',
    'serverErrors',
    'guardedServerErrors',
    'networkErrors',
    'retried',
    'unanswered',
    'redelivered',
    'eventRetries',
  ] as const;
  const headers = [
    'requests',
    'refused 4xx',
    '5xx',
    'of them read/keyed',
    'no answer',
    'retried',
    'gave up',
    'redelivered',
    'event retries',
  ];
  const width = Math.max(...phases.map((p) => p.phase.length), 8);
  const row = (name: string, values: Array<string | number>, note = '') =>
    `  ${name.padEnd(width)} ${values.map((v, i) => String(v).padStart(headers[i]!.length)).join('  ')}${note ? `  ${note}` : ''}`;
  const f = verdict.figures;
  return [
    `faults under load on ${report.transport === 'kafka' ? 'Kafka' : 'the PostgreSQL log'}: ${total('requests')} requests, ${total('refused')} refused (4xx), ${total('serverErrors')} 5xx (${total('guardedServerErrors')} to reads and keyed writes), ${total('retried')} retried, ${total('redelivered')} events redelivered, ${verdict.doubleCharges} double charges`,
    `  ${''.padEnd(width)} ${headers.join('  ')}`,
    ...phases.map((p) =>
      row(
        p.phase,
        columns.map((c) => p[c]),
        p.note,
      ),
    ),
    `  eSIM orders completed ${f.esimCompleted} (refused ${f.esimRefused}, accepted then sold out ${f.esimSoldOutLater}); physical orders approved ${f.physicalApproved}, rejected ${f.physicalRejected} (refused ${f.physicalRefused}); collections ${f.collections}, hand-overs ${f.handovers}; import ${f.import}`,
    `  ledger:verify ${checks.ledger.ok ? 'ok' : 'FAILED'}, consistency:verify ${checks.consistency.ok ? 'ok' : 'FAILED'}; problems: ${verdict.problems.length ? `\n    ${verdict.problems.slice(0, 20).join('\n    ')}` : 'none'}`,
    ...(report.copies ? copiesTable(report.copies, phases) : []),
  ].join('\n');
}

/** Requests each copy had served by the end of each phase (its /ready's count); `-` once it no longer answers. */
function copiesTable(copies: CopyCounts[], phases: PhaseReport[]): string[] {
  const width = Math.max(...copies.map((c) => c.name.length), 4);
  const heads = phases.map((p) => p.phase);
  const cell = (value: number | undefined, i: number) => String(value ?? '-').padStart(heads[i]!.length);
  return [
    '  requests served per copy, by the end of each phase:',
    `  ${'copy'.padEnd(width)}  ${heads.join('  ')}`,
    ...copies.map((c) => `  ${c.name.padEnd(width)}  ${c.served.map(cell).join('  ')}`),
  ];
}
