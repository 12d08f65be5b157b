process.env.LOG_LEVEL ??= 'error';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startSystem } from '../../tests/flows/system';
import { dropDatabase } from '../support';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { initialJs, wholeBuildJs } from './initial-js';
import { startLighthouse } from './lighthouse';
import { pageTurns, seedCards } from './stock-paging';

/**
 * bench:backoffice — what the back office costs its users, each figure beside a baseline measured
 * in the same run:
 *  1. initial JavaScript (gzip -9 of what the browser fetched before the page showed its content) of
 *     the dealer's home, the sales manager's dealers, the admin's home, dealers and physical-SIM
 *     stock; baseline: the whole build's JavaScript (what one bundle without lazy routes would send);
 *  2. a page turn of the admin's stock list in the browser (click on "next page" to the new rows
 *     painted; median of TURNS) over 100,000 more cards seeded in one statement; baseline: the same
 *     turns over the demo stock (a few hundred cards) before the seed;
 *  3. Lighthouse desktop performance (median of 3) of the dealer's and the admin's home, signed in,
 *     after the seed; baseline: another single-page app the same gateway serves (/api/docs).
 * Targets: initial JS ≤ 350 kB, page turn ≤ 300 ms, performance ≥ 0.90; exit code 1 when one is
 * missed. Runs on a database of its own, dropped at the end. `--no-build` reuses frontend/backoffice/dist;
 * `--files` lists each page's JavaScript files; `--only js|turns|lighthouse` runs one part.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TARGET_KB = 350;
const TARGET_TURN_MS = 300;
const TARGET_SCORE = 0.9;
const SEEDED_CARDS = 100_000;
const TURNS = 10;

// A build of its own, so a browser test serving frontend/backoffice/dist meanwhile keeps its files.
const reuse = process.argv.includes('--no-build');
const dist = reuse
  ? path.join(root, 'frontend/backoffice/dist')
  : mkdtempSync(path.join(os.tmpdir(), 'bo-bench-build-'));
if (!reuse) {
  console.log('building frontend/backoffice ...');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(root, 'frontend/backoffice'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
process.env.BACKOFFICE_DIST = dist;

const database = `esim_bench_backoffice_${Date.now()}`;
const system = await startSystem({ database, listen: {} }).catch(async (error: unknown) => {
  await dropDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', database);
  throw error;
});
const databaseUrl = process.env.DATABASE_URL!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

interface Row {
  measure: string;
  value: string;
  baseline: string;
  ratio: number;
  target: string;
  ok: boolean | undefined;
}
type Session = Awaited<ReturnType<typeof system.session>>;
const rows: Row[] = [];

async function measureInitialJs(sessions: Record<'dealer' | 'sales' | 'admin', Session>): Promise<void> {
  const home = '#main-content .MuiCard-root';
  const list = '#main-content tbody tr';
  const whole = wholeBuildJs(dist);
  for (const [who, session, page, ready] of [
    ['dealer home', sessions.dealer, '/dashboard', home],
    ['sales manager dealers', sessions.sales, '/dashboard/sales-manager/dealers', list],
    ['admin home', sessions.admin, '/dashboard', home],
    ['admin dealers', sessions.admin, '/dashboard/admin/dealers', list],
    ['admin physical-SIM stock', sessions.admin, '/dashboard/admin/physical-sim-stock', list],
  ] as const) {
    const js = await initialJs(browser, { url: `${system.url}${page}`, dist, session, ready });
    if (process.argv.includes('--files'))
      console.log(`${who}: ${js.files.map((f) => `${f.file} ${f.kb.toFixed(1)}`).join(', ')}`);
    rows.push({
      measure: `initial JS, ${who} (${js.files.length} files; ${js.laterKb.toFixed(1)} kB more after)`,
      value: `${js.kb.toFixed(1)} kB`,
      baseline: `whole build ${whole.kb.toFixed(1)} kB (${whole.files} files)`,
      ratio: js.kb / whole.kb,
      target: `≤ ${TARGET_KB} kB`,
      ok: js.kb <= TARGET_KB,
    });
  }
}

async function measurePageTurns(admin: Session): Promise<void> {
  const demoStock = await pageTurns(browser, { url: system.url, session: admin, turns: TURNS });
  const started = Date.now();
  await seedCards(databaseUrl, SEEDED_CARDS);
  console.log(`seeded ${SEEDED_CARDS.toLocaleString('en')} cards in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const bigStock = await pageTurns(browser, { url: system.url, session: admin, turns: TURNS });
  // The usual narrowed screen: one status, newest first.
  const inStock = await pageTurns(browser, {
    url: system.url,
    session: admin,
    turns: TURNS,
    query: `filter=${encodeURIComponent(JSON.stringify({ status: 'in_stock' }))}`,
  });
  const baselineTurn = `${demoStock.p50.toFixed(0)} ms over ${demoStock.total.toLocaleString('en')} cards`;
  for (const [what, turns] of [
    [
      `page turn, ${bigStock.total.toLocaleString('en')} cards (p50 of ${TURNS}, worst ${bigStock.worst.toFixed(0)} ms)`,
      bigStock,
    ],
    [
      `page turn, ${inStock.total.toLocaleString('en')} in stock (p50 of ${TURNS}, worst ${inStock.worst.toFixed(0)} ms)`,
      inStock,
    ],
  ] as const) {
    rows.push({
      measure: what,
      value: `${turns.p50.toFixed(0)} ms`,
      baseline: baselineTurn,
      ratio: turns.p50 / demoStock.p50,
      target: `≤ ${TARGET_TURN_MS} ms`,
      ok: turns.p50 <= TARGET_TURN_MS,
    });
  }
  rows.push({
    measure: `first page of the stock, ${bigStock.total.toLocaleString('en')} cards`,
    value: `${bigStock.firstPageMs.toFixed(0)} ms`,
    baseline: `${demoStock.firstPageMs.toFixed(0)} ms over ${demoStock.total.toLocaleString('en')} cards`,
    ratio: bigStock.firstPageMs / demoStock.firstPageMs,
    target: '',
    ok: undefined,
  });
}

async function measureLighthouse(sessions: Record<'dealer' | 'admin', Session>): Promise<void> {
  const lighthouse = await startLighthouse(system.url);
  try {
    const docs = await lighthouse.audit(`${system.url}/api/docs`);
    for (const [who, session] of [
      ['dealer', sessions.dealer],
      ['admin', sessions.admin],
    ] as const) {
      await lighthouse.signIn(session);
      const audit = await lighthouse.audit(`${system.url}/dashboard`);
      rows.push({
        measure: `Lighthouse desktop, ${who} home (LCP ${audit.lcpMs.toFixed(0)} ms, TBT ${audit.tbtMs.toFixed(0)} ms)`,
        value: audit.score.toFixed(2),
        baseline: `/api/docs ${docs.score.toFixed(2)} (LCP ${docs.lcpMs.toFixed(0)} ms, TBT ${docs.tbtMs.toFixed(0)} ms)`,
        ratio: audit.score / docs.score,
        target: `≥ ${TARGET_SCORE.toFixed(2)}`,
        ok: audit.score >= TARGET_SCORE,
      });
    }
  } finally {
    await lighthouse.stop();
  }
}

// `--only js|turns|lighthouse` runs one part (the page turns seed the cards the Lighthouse audit then sees).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
try {
  const sessions = {
    dealer: await system.session('dealer@esim.test'),
    sales: await system.session('sales@esim.test'),
    admin: await system.session('admin@esim.test'),
  };
  if (!only || only === 'js') await measureInitialJs(sessions);
  if (!only || only === 'turns') await measurePageTurns(sessions.admin);
  if (!only || only === 'lighthouse') await measureLighthouse(sessions);
} finally {
  await browser.close();
  await system.stop();
  await dropDatabase(databaseUrl, database);
  if (!reuse) rmSync(dist, { recursive: true, force: true });
}

const widths = [
  Math.max(...rows.map((r) => r.measure.length)),
  9,
  Math.max(...rows.map((r) => r.baseline.length)),
  6,
  10,
];
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 1 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i] ?? 0))).join('  ');
console.log(`\n${line(['measure', 'value', 'baseline (same run)', 'ratio', 'target', 'result'])}`);
for (const r of rows)
  console.log(
    line([
      r.measure,
      r.value,
      r.baseline,
      r.ratio.toFixed(2),
      r.target,
      r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
    ]),
  );
const missed = rows.filter((r) => r.ok === false).length;
console.log(missed ? `\n${missed} target(s) missed` : '\nevery target met');
process.exit(missed ? 1 : 0);
