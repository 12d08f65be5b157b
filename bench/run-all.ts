/**
 * Runs every benchmark, one after another, and writes bench/REPORT.md: for each its exit status
 * (0: every target met), how long it took, the lines that name a target, and its whole output,
 * with the date, the commit and the machine (cores, CPU, memory, load average before and after
 * each bench, the browser benches' benchmarkIndex). A bench that fails or times out is reported
 * and the next one runs.
 *
 *   npm run bench [-- --only events,gateway --timeout-minutes 30 --report bench/REPORT.md]
 *
 * `faults` is no bench script: it runs the short fault suite (tests/faults/faults.test.ts, a few
 * minutes) and reports its counts (requests, retried, redelivered, double charges, the ledger and
 * consistency checks), so the report states how the system held up under faults beside its speed.
 *
 * bench:storefront measures a running system: when BENCH_STOREFRONT_URL is unset, this starts its
 * own with `npm start` (own database and ports; it builds the front ends if their build is missing)
 * and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCHES = [
  'events',
  'ledger',
  'purchase',
  'suppliers',
  'payments',
  'catalog',
  'gateway',
  'import',
  'backoffice',
  'storefront',
  'faults',
] as const;
type Bench = (typeof BENCHES)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'timeout-minutes': { type: 'string', default: '30' },
    report: { type: 'string', default: path.join(root, 'bench/REPORT.md') },
  },
});
const only = values.only?.split(',').filter(Boolean);
const unknown = only?.filter((name) => !BENCHES.includes(name as Bench));
if (unknown?.length) throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
const benches = BENCHES.filter((name) => !only || only.includes(name));
const timeoutMs = Number(values['timeout-minutes']) * 60_000;

interface Outcome {
  bench: Bench;
  /** met: exit 0 and no missed target printed; not met: otherwise (a missed target, or the bench failed: its output says which). */
  status: 'met' | 'not met' | 'could not run' | 'timed out';
  exitCode: number | null;
  seconds: number;
  loadBefore: number;
  loadAfter: number;
  output: string;
}

/** ANSI colours out, carriage-return progress lines collapsed to their last state. */
const plain = (text: string) =>
  text
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g'), '')
    .split('\n')
    .map((line) => line.split('\r').at(-1))
    .join('\n');

/** Runs a command, echoing and keeping its output; resolves with its exit code (null: killed at the deadline). */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  deadlineMs: number,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      stream.write(chunk);
      output += chunk.toString();
    };
    child.stdout!.on('data', keep(process.stdout));
    child.stderr!.on('data', keep(process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, deadlineMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** The bench and every process it started (its own process group). */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGTERM');
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 10_000).unref();
  } catch {
    // Already gone.
  }
}

/** A system for bench:storefront: `npm start` on its own ports and database, until `stop`. */
async function startSystem(): Promise<{ url: string; stop(): Promise<void> }> {
  const portBase = 18_480;
  const url = `http://127.0.0.1:${portBase}`;
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';
  const env = {
    ...process.env,
    PORT_BASE: String(portBase),
    MAIL_SMTP_PORT: String(portBase + 100),
    MAIL_WEB_PORT: String(portBase + 101),
    DATABASE_URL: `${base.replace(/\/[^/]*$/, '')}/esim_bench_report`,
    REDIS_PREFIX: `bench:report:${process.pid}:`,
    LOG_LEVEL: 'warn',
  };
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (Date.now() - started > 15 * 60_000) {
      killGroup(child);
      throw new Error('npm start did not answer /api/health within 15 minutes');
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        killGroup(child);
      }),
  };
}

async function runBench(bench: Bench): Promise<Outcome> {
  const loadBefore = os.loadavg()[0]!;
  const started = Date.now();
  console.log(`\n=== bench:${bench} (load average ${loadBefore.toFixed(1)}) ===`);
  const args =
    bench === 'faults'
      ? ['vitest', 'run', '--project', 'tests', 'tests/faults/faults.test.ts']
      : ['run', `bench:${bench}`];
  let system: Awaited<ReturnType<typeof startSystem>> | undefined;
  let result: { code: number | null; output: string; timedOut: boolean; notRun?: boolean };
  try {
    if (bench === 'storefront') {
      let url = process.env.BENCH_STOREFRONT_URL;
      if (!url) {
        system = await startSystem();
        url = system.url;
      }
      args.push('--', '--url', url);
    }
    result = await run(bench === 'faults' ? 'npx' : 'npm', args, process.env, timeoutMs);
  } catch (error) {
    result = { code: null, output: `could not run: ${(error as Error).message}\n`, timedOut: false, notRun: true };
  } finally {
    await system?.stop();
  }
  // A bench that exits 0 while printing a missed target (bench:events does) is not met either.
  const missed = /NOT met|MISSED|\bFAIL\b/.test(result.output);
  const status: Outcome['status'] = result.notRun
    ? 'could not run'
    : result.timedOut
      ? 'timed out'
      : result.code === 0 && !missed
        ? 'met'
        : 'not met';
  return {
    bench,
    status,
    exitCode: result.code,
    seconds: (Date.now() - started) / 1000,
    loadBefore,
    loadAfter: os.loadavg()[0]!,
    output: plain(result.output),
  };
}

/** The lines of a bench's output that state a target or a verdict. */
function targetLines(output: string): string[] {
  return (
    output
      .split('\n')
      .map((line) => line.trim())
      // Not the services' own JSON log lines, which the benches' systems print on stderr.
      .filter(
        (line) =>
          /target|\bPASS\b|\bFAIL\b|MISSED|\bmet\b|benchmarkIndex|^faults under load|orders completed|ledger:verify/i.test(
            line,
          ) &&
          !line.startsWith('>') &&
          !line.startsWith('{'),
      )
      .slice(0, 30)
  );
}

/** A long output (a bench whose every request failed prints a stack per failure) keeps its start and its end. */
function shortened(lines: string[], head = 40, tail = 100): string[] {
  if (lines.length <= head + tail + 1) return lines;
  return [...lines.slice(0, head), `... ${lines.length - head - tail} lines left out ...`, ...lines.slice(-tail)];
}

function report(outcomes: Outcome[], startedAt: Date): string {
  const commit = (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  })();
  const cpus = os.cpus();
  const indexes = outcomes.flatMap((o) =>
    [...o.output.matchAll(/benchmarkIndex (\d+)/g)].map((m) => `${m[1]} (bench:${o.bench})`),
  );
  const lines = [
    '# Benchmark report',
    '',
    `Written by \`npm run bench\` (bench/run-all.ts); every figure below comes from one run on this machine, each beside the baseline its bench measures in the same run.`,
    '',
    `- date: ${startedAt.toISOString()} to ${new Date().toISOString()}`,
    `- commit: ${commit}`,
    `- machine: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.type()} ${os.release()}, Node ${process.version}`,
    `- host benchmarkIndex (Lighthouse, unthrottled): ${indexes.length ? indexes.join(', ') : 'not measured in this run'}`,
    `- load average (1 min) at each bench's start and end is in the table: figures that swing with the host are read beside their bench's own baseline`,
    '',
    '| bench | targets | exit | seconds | load before → after |',
    '|---|---|---|---|---|',
    ...outcomes.map(
      (o) =>
        `| \`bench:${o.bench}\` | ${o.status} | ${o.exitCode ?? '-'} | ${o.seconds.toFixed(0)} | ${o.loadBefore.toFixed(1)} → ${o.loadAfter.toFixed(1)} |`,
    ),
    '',
  ];
  for (const o of outcomes) {
    lines.push(`## bench:${o.bench}: ${o.status}`, '');
    const targets = targetLines(o.output);
    if (targets.length)
      lines.push('Targets and verdicts:', '', ...targets.map((line) => `- ${line.replace(/\|/g, '\\|')}`), '');
    lines.push(
      'Output:',
      '',
      '```',
      ...shortened(
        o.output
          .trim()
          .split('\n')
          .filter((line) => !/^> /.test(line)),
      ),
      '```',
      '',
    );
  }
  return lines.join('\n');
}

const startedAt = new Date();
const outcomes: Outcome[] = [];
for (const bench of benches) {
  outcomes.push(await runBench(bench));
  // Written after each bench, so a long run that is stopped still leaves what it measured.
  writeFileSync(values.report, report(outcomes, startedAt));
}
console.log(`\nwrote ${path.relative(process.cwd(), values.report)}`);
for (const o of outcomes)
  console.log(`bench:${o.bench.padEnd(11)} ${o.status.padEnd(14)} ${o.seconds.toFixed(0).padStart(5)} s`);
process.exitCode = outcomes.every((o) => o.status === 'met') ? 0 : 1;
