/**
 * Storefront benchmark: Lighthouse 12 (mobile preset, Debian chromium) on /, /packages/united-states
 * and /coverage, 3 runs each, medians of performance, accessibility and SEO; plus the gzip size of
 * the JavaScript that / loads (its entry, preloads and the home route's chunks, from the build).
 *
 *   npm run build && npm start            # the gateway serving the production build with the back end
 *   npm run bench:storefront [-- --url http://127.0.0.1:8080 --runs 3]
 *
 * Targets: performance ≥ 0.95 on / and /packages/united-states, ≥ 0.90 on /coverage; accessibility
 * and SEO ≥ 0.95 everywhere; initial JS of / ≤ 170 kB gzip. Exit code 1 when a target is missed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'frontend/storefront/dist');
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1]! : fallback;
};
const RUNS = Number(arg('runs', '3'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { path: '/', performance: 0.95 },
  { path: '/packages/united-states', performance: 0.95 },
  { path: '/coverage', performance: 0.9 },
];
const A11Y_SEO = 0.95;
const INITIAL_JS_KB = 170;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** Gzip bytes of the JS / needs before it is interactive: the entry's static graph plus the home route's. */
export function initialJsOfHome(): { files: string[]; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  visit(entry);
  visit(Object.keys(manifest).find((key) => key.endsWith('pages/home/HomePage.tsx'))!);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length, 0);
  return { files, gzipBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function main(BASE = arg('url', 'http://127.0.0.1:8080')) {
  const js = initialJsOfHome();
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--remote-debugging-port=${port}`],
  });
  let failed = false;
  try {
    console.log(`Lighthouse 12, mobile preset, ${RUNS} runs per page, against ${BASE}\n`);
    console.log('page                        performance  accessibility  seo    TBT ms  (medians)');
    for (const page of PAGES) {
      const scores = { performance: [] as number[], accessibility: [] as number[], seo: [] as number[], tbt: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${BASE}${page.path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
        const categories = result!.lhr.categories;
        scores.performance.push(categories.performance!.score ?? 0);
        scores.accessibility.push(categories.accessibility!.score ?? 0);
        scores.seo.push(categories.seo!.score ?? 0);
        scores.tbt.push(result!.lhr.audits['total-blocking-time']!.numericValue ?? 0);
      }
      const m = { performance: median(scores.performance), accessibility: median(scores.accessibility), seo: median(scores.seo), tbt: median(scores.tbt) };
      const ok = m.performance >= page.performance && m.accessibility >= A11Y_SEO && m.seo >= A11Y_SEO;
      failed ||= !ok;
      console.log(
        `${page.path.padEnd(28)}${m.performance.toFixed(2).padEnd(13)}${m.accessibility.toFixed(2).padEnd(15)}${m.seo.toFixed(2).padEnd(7)}${m.tbt.toFixed(0).padEnd(8)}${ok ? 'ok' : `MISSED (performance target ${page.performance})`}`,
      );
    }
  } finally {
    await browser.close();
  }
  const kb = js.gzipBytes / 1024;
  failed ||= kb > INITIAL_JS_KB;
  console.log(`\ninitial JS of /: ${kb.toFixed(1)} kB gzip in ${js.files.length} files (target ≤ ${INITIAL_JS_KB} kB) ${kb <= INITIAL_JS_KB ? 'ok' : 'MISSED'}`);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
