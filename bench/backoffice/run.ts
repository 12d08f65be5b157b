process.env.LOG_LEVEL ??= 'error';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startListeningSystem } from '../../tests/browser/backoffice-system';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from './browser';

/**
 * bench:backoffice — what the back office costs its users:
 *  1. gzip size of the JavaScript a dealer's home (/dashboard) and a sales manager's dealers page
 *     load, beside the whole build's JavaScript (the baseline: what a build without lazy routes sends);
 *  2. Lighthouse desktop performance of /dashboard signed in as the dealer, beside the same audit
 *     of another single-page app the same gateway serves (Swagger UI at /api/docs).
 * Targets: ≤ 350 kB gzip initial JS, performance ≥ 0.90. `--no-build` reuses frontend/backoffice/dist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'frontend/backoffice/dist');
const TARGET_KB = 350;
const TARGET_SCORE = 0.9;
// A port of our own: other agents' browsers may hold the usual ones.
const PORT = 20000 + Math.floor(Math.random() * 20000);

if (!process.argv.includes('--no-build')) {
  console.log('building frontend/backoffice ...');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: path.join(root, 'frontend/backoffice'), stdio: 'inherit' });
}
const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;
const buildJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const wholeBuildKb = buildJs.reduce((sum, f) => sum + gzipKb(readFileSync(path.join(dist, 'assets', f))), 0);

const system = await startListeningSystem({ database: 'esim_bench_backoffice' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let failed = false;
try {
  const measures: Array<{ who: string; path: string; files: number; kb: number }> = [];
  for (const [who, email, page] of [
    ['dealer home', 'dealer@esim.test', '/dashboard'],
    ['sales manager dealers', 'sales@esim.test', '/dashboard/sales-manager/dealers'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.addInitScript(signedInScript(await system.login(email)));
    const tab = await context.newPage();
    const scripts = new Set<string>();
    tab.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/dashboard/assets/') && url.pathname.endsWith('.js')) scripts.add(path.basename(url.pathname));
    });
    await tab.goto(`${system.url}${page}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1500);
    const kb = [...scripts].reduce((sum, f) => sum + gzipKb(readFileSync(path.join(dist, 'assets', f))), 0);
    measures.push({ who, path: new URL(tab.url()).pathname, files: scripts.size, kb });
    await context.close();
  }

  // Lighthouse needs a browser it reaches on a debugging port: a chromium of its own (profile in a
  // temporary directory), given the dealer's session in storage first; the storage is kept (no reset).
  const lhChrome = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`, `--user-data-dir=${mkdtempSync(path.join(os.tmpdir(), 'bo-lh-'))}`, 'about:blank'], { stdio: 'ignore' });
  let cdp: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
  for (let i = 0; i < 50 && !cdp; i++) cdp = await chromium.connectOverCDP(`http://127.0.0.1:${PORT}`).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 200)));
  const tab = await cdp!.contexts()[0]!.newPage();
  await tab.goto(`${system.url}/dashboard/missing-asset.txt`).catch(() => undefined);
  await tab.evaluate((script) => new Function(script)(), signedInScript(await system.login('dealer@esim.test')));
  await tab.close();
  const audit = async (url: string) => {
    const result = await lighthouse(url, { port: PORT, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, desktopConfig);
    const lhr = result!.lhr;
    if (lhr.runtimeError) console.log('  lighthouse:', lhr.runtimeError.code, lhr.runtimeError.message);
    return { score: lhr.categories.performance!.score ?? 0, lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0, tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0 };
  };
  const probe = await fetch(`${system.url}/dashboard`, { headers: { accept: 'text/html' } });
  console.log('  probe /dashboard', probe.status, (await probe.text()).slice(0, 200));
  // An HTML page (a JSON answer is refused by Lighthouse as NOT_HTML): the gateway's API docs.
  const baseline = await audit(`${system.url}/api/docs`);
  const signedIn = await audit(`${system.url}/dashboard`);

  console.log('\nInitial JavaScript (gzip -9), target ≤ %d kB:', TARGET_KB);
  for (const m of measures) {
    console.log(`  ${m.who.padEnd(24)} ${m.path.padEnd(34)} ${String(m.files).padStart(3)} files  ${m.kb.toFixed(1).padStart(7)} kB  ${m.kb <= TARGET_KB ? 'ok' : 'OVER'}`);
    if (m.kb > TARGET_KB) failed = true;
  }
  console.log(`  ${'baseline: whole build'.padEnd(24)} ${''.padEnd(34)} ${String(buildJs.length).padStart(3)} files  ${wholeBuildKb.toFixed(1).padStart(7)} kB`);
  console.log('\nLighthouse desktop performance, target ≥ %s:', TARGET_SCORE);
  console.log(`  /dashboard signed in (dealer)   score ${signedIn.score.toFixed(2)}  LCP ${signedIn.lcp.toFixed(0)} ms  TBT ${signedIn.tbt.toFixed(0)} ms  ${signedIn.score >= TARGET_SCORE ? 'ok' : 'BELOW'}`);
  console.log(`  baseline: /api/docs (Swagger) score ${baseline.score.toFixed(2)}  LCP ${baseline.lcp.toFixed(0)} ms  TBT ${baseline.tbt.toFixed(0)} ms`);
  if (signedIn.score < TARGET_SCORE) failed = true;
  await cdp!.close();
  lhChrome.kill();
} finally {
  await browser.close();
  await system.stop();
}
process.exit(failed ? 1 : 0);
