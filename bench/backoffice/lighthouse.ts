import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from './browser';

export interface Audit {
  score: number;
  lcpMs: number;
  tbtMs: number;
}

/**
 * Lighthouse (desktop preset) needs a browser it reaches on a debugging port: Debian's chromium of
 * its own, with a throwaway profile. Storage is kept between audits (no reset), so a page is
 * audited signed in as whoever `signIn` last put in the back office's storage.
 */
export async function startLighthouse(origin: string) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bo-lh-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  let cdp: Awaited<ReturnType<typeof chromium.connectOverCDP>> | undefined;
  for (let i = 0; i < 50 && !cdp; i++)
    cdp = await chromium
      .connectOverCDP(`http://127.0.0.1:${port}`)
      .catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 200)));
  if (!cdp) throw new Error(`chromium did not open its debugging port ${port}`);
  const browser = cdp;

  return {
    async signIn(session: { token: string; user: Record<string, unknown> }) {
      const tab = await browser.contexts()[0]!.newPage();
      // Any page of the origin gives access to its localStorage; the health answer runs no script, so
      // no app navigation can destroy the page under the evaluate below.
      await tab.goto(`${origin}/api/health`);
      await tab.evaluate((script) => new Function(script)(), signedInScript(session));
      await tab.close();
    },
    /**
     * The median run of `runs` by score (one run alone moves by a few hundredths on a busy machine).
     * A run Lighthouse could not complete (the page answered an error) is not counted but retried,
     * up to twice as many attempts; with none completed the score is 0.
     */
    async audit(url: string, runs = 3): Promise<Audit> {
      const results: Audit[] = [];
      for (let attempt = 0; attempt < runs * 2 && results.length < runs; attempt++) {
        const result = await lighthouse(
          url,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
          desktopConfig,
        );
        const lhr = result!.lhr;
        if (lhr.runtimeError) {
          console.log(`  lighthouse ${url}: ${lhr.runtimeError.code}, run not counted`);
          continue;
        }
        results.push({
          score: lhr.categories.performance!.score ?? 0,
          lcpMs: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
          tbtMs: lhr.audits['total-blocking-time']!.numericValue ?? 0,
        });
      }
      if (results.length === 0) return { score: 0, lcpMs: Number.NaN, tbtMs: Number.NaN };
      return results.sort((a, b) => a.score - b.score)[Math.floor(results.length / 2)]!;
    },
    async stop() {
      await browser.close();
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      chrome.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
