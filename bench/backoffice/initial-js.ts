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
 * Set up before the app runs: notes the page's own time (performance.now) at which the first element
 * matching `ready` is in the document and visible, as Playwright's `visible` means it.
 */
function readyWatchScript(ready: string): string {
  return `(() => {
    if (location.origin === 'null') return;
    performance.setResourceTimingBufferSize(2000);
    const watch = new MutationObserver(() => {
      const el = document.querySelector(${JSON.stringify(ready)});
      if (!el) return;
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true })) {
        window.__benchReadyAt = performance.now();
        watch.disconnect();
      }
    });
    watch.observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

/**
 * The JavaScript a signed-in user's browser downloads before `page` is usable (its content, the
 * `ready` selector, is on screen): the entry, its imports and the route's lazy chunks, gzipped as
 * served. What is requested later (a chart, a dialog, a toolbar fetched after the first paint) is
 * listed apart, by the page's own clock (each file's request start against the moment the content
 * appeared): Playwright's polling notices the content too late to draw that line.
 */
export async function initialJs(
  browser: Browser,
  options: { url: string; dist: string; session: { token: string; user: Record<string, unknown> }; ready: string },
): Promise<{ path: string; files: Array<{ file: string; kb: number }>; kb: number; laterKb: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  try {
    await context.addInitScript(signedInScript(options.session));
    await context.addInitScript(readyWatchScript(options.ready));
    const tab = await context.newPage();
    await tab.goto(options.url);
    await tab.locator(options.ready).first().waitFor({ timeout: 30_000 });
    // Should the watch have missed it, the moment Playwright saw the content (later, so it counts more).
    const readyAt = await tab.evaluate(
      () => (window as unknown as { __benchReadyAt?: number }).__benchReadyAt ?? performance.now(),
    );
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(1000);
    const requested = await tab.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, start: entry.startTime })),
    );
    const before = new Set<string>();
    const later = new Set<string>();
    for (const { url, start } of requested) {
      const { pathname } = new URL(url);
      if (pathname.startsWith('/dashboard/assets/') && pathname.endsWith('.js'))
        (start < readyAt ? before : later).add(path.basename(pathname));
    }
    for (const file of before) later.delete(file);
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
