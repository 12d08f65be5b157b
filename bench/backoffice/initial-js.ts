import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { signedInScript } from './browser';

export const gzipKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024;

/** Every JavaScript file of the build, gzipped: what one bundle without lazy routes would send. */
export function wholeBuildJs(dist: string): { files: number; kb: number } {
  const files = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    files: files.length,
    kb: files.reduce((sum, f) => sum + gzipKb(readFileSync(path.join(dist, 'assets', f))), 0),
  };
}

/**
 * The JavaScript a signed-in user's browser downloads before `page` is usable (its content, the
 * `ready` selector, is on screen): the entry, its imports and the route's lazy chunks, gzipped as
 * served. What arrives later (a chart, a dialog fetched after the first paint) is listed apart.
 */
export async function initialJs(
  browser: Browser,
  options: { url: string; dist: string; session: { token: string; user: Record<string, unknown> }; ready: string },
): Promise<{ path: string; files: Array<{ file: string; kb: number }>; kb: number; laterKb: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    await context.addInitScript(signedInScript(options.session));
    const tab = await context.newPage();
    let usable = false;
    const before = new Set<string>();
    const later = new Set<string>();
    tab.on('requestfinished', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/dashboard/assets/') && pathname.endsWith('.js'))
        (usable ? later : before).add(path.basename(pathname));
    });
    await tab.goto(options.url);
    await tab.locator(options.ready).first().waitFor({ timeout: 30_000 });
    usable = true;
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(1000);
    const sized = (files: Set<string>) =>
      [...files]
        .map((file) => ({ file, kb: gzipKb(readFileSync(path.join(options.dist, 'assets', file))) }))
        .sort((a, b) => b.kb - a.kb);
    const files = sized(before);
    return {
      path: new URL(tab.url()).pathname,
      files,
      kb: files.reduce((sum, f) => sum + f.kb, 0),
      laterKb: sized(later).reduce((sum, f) => sum + f.kb, 0),
    };
  } finally {
    await context.close();
  }
}
