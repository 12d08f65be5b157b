import { DEMO_ACCOUNTS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { createDb } from '@esim/platform';
import type { Browser } from 'playwright-core';
import { percentile } from '../support';
import { signedInScript } from './browser';

/**
 * `count` cards in the physical-SIM stock in one statement (the table's triggers keep the list
 * totals as they would for an import): newest first, so they fill the list's first pages, spread
 * over the Plus packages, one in ten held by the demo dealer.
 */
export async function seedCards(databaseUrl: string, count: number): Promise<void> {
  const db = createDb(databaseUrl, 'physical_sim', 1);
  try {
    const dealer = DEMO_ACCOUNTS.find((a) => a.role === 'dealer')!.id;
    const packages = DEMO_PLUS_PACKAGES.map((p, k) => ({ k, id: p.id, code: p.code, name: p.nameTr }));
    await db.raw(
      `WITH packages AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS p(k int, id uuid, code text, name text))
       INSERT INTO cards (iccid, serial_number, package_id, package_code, package_name, status, owner_user_id, transferred_at, created_at)
       SELECT '8990777' || lpad(i::text, 12, '0'), (810000000000 + i)::text, p.id, p.code, p.name,
              CASE WHEN i % 10 = 0 THEN 'assigned' ELSE 'in_stock' END, CASE WHEN i % 10 = 0 THEN ? END,
              CASE WHEN i % 10 = 0 THEN now() END, now() - make_interval(secs => i)
       FROM generate_series(1, ?) AS i JOIN packages p ON p.k = i % ?`,
      [JSON.stringify(packages), dealer, count, packages.length],
    );
    await db.raw('ANALYZE cards');
  } finally {
    await db.destroy();
  }
}

/**
 * Runs in the page (a string: tsx would wrap named functions in a helper the page lacks): clicks
 * "next page" and answers the milliseconds to the frame whose first row is another one.
 */
const TURN_PAGE = `(async () => {
  const firstRow = () => document.querySelector('#main-content tbody tr')?.textContent;
  const before = firstRow();
  const next = document.querySelector('#main-content button[aria-label="Go to next page"]');
  if (!next) throw new Error('no next-page button on the stock list');
  const t0 = performance.now();
  next.click();
  await new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('the next page did not show in 10 s')), 10000);
    const check = () => (firstRow() !== before ? (clearTimeout(give), resolve()) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
  return performance.now() - t0;
})()`;

export interface PageTurns {
  /** Cards the list counts (its Content-Range total). */
  total: number;
  /** Navigation to the stock page until its first rows are painted. */
  firstPageMs: number;
  p50: number;
  worst: number;
}

/**
 * The admin's stock list in the browser: opened, then `turns` clicks on "next page", each timed in
 * the page from the click to the frame that shows the new page's first row (request, answer and
 * render together). `query` is the list's query string (a filter, say).
 */
export async function pageTurns(
  browser: Browser,
  options: { url: string; session: { token: string; user: Record<string, unknown> }; turns: number; query?: string },
): Promise<PageTurns> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await context.addInitScript(signedInScript(options.session, { locale: 'en', theme: 'light' }));
    const tab = await context.newPage();
    let total = 0;
    tab.on('response', (res) => {
      const range = res.url().includes('/api/admin/physical-sim/stock?') ? res.headers()['content-range'] : undefined;
      if (range) total = Number(range.split('/')[1]);
    });
    const started = Date.now();
    await tab.goto(`${options.url}/dashboard/admin/physical-sim-stock${options.query ? `?${options.query}` : ''}`);
    await tab.locator('#main-content tbody tr').first().waitFor({ timeout: 30_000 });
    const firstPageMs = Date.now() - started;
    const times: number[] = [];
    for (let turn = 0; turn < options.turns; turn++) {
      times.push((await tab.evaluate(TURN_PAGE)) as number);
    }
    return { total, firstPageMs, p50: percentile(times, 50), worst: Math.max(...times) };
  } finally {
    await context.close();
  }
}
