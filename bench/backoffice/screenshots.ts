import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startSystem } from '../../tests/flows/system';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from './browser';

/**
 * Looks at every back-office screen as its user would: phone (390×844) and desktop (1366×800),
 * Turkish light and English dark, written as PNGs to the directory given (default /tmp/backoffice-shots).
 * Prints WIDE where a page scrolls sideways (wider than the viewport).
 * `tsx bench/backoffice/screenshots.ts [dir] [path filter] [phone|desktop]`
 */
const out = process.argv[2] ?? '/tmp/backoffice-shots';
const only = process.argv[3] || undefined;
const onlyViewport = process.argv[4];
mkdirSync(out, { recursive: true });

const SCREENS: Record<string, string[]> = {
  'dealer@esim.test': [
    '/dashboard',
    '/dashboard/orders',
    '/dashboard/balance',
    '/dashboard/transactions',
    '/dashboard/price-list',
    '/dashboard/physical-sim-purchase',
    '/dashboard/physical-sim-stock',
    '/dashboard/physical-sim-return',
    '/dashboard/settings',
    '/dashboard/statements',
    '/dashboard/api-keys',
  ],
  'admin@esim.test': [
    '/dashboard/admin/shop-settings',
    '/dashboard/admin/invoices',
    '/dashboard/admin/dealers/00000000-0000-4000-8000-000000000003/show',
  ],
  'customer@esim.test': ['/dashboard', '/dashboard/orders'],
  'sales@esim.test': [
    '/dashboard/sales-manager/dealers',
    '/dashboard/sales-manager/collection',
    '/dashboard/sales-manager/dealers/create',
    '/dashboard/sales-manager/dealers/00000000-0000-4000-8000-000000000003/pricing',
  ],
};
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } };
const LOOKS = [
  { locale: 'tr', theme: 'light' },
  { locale: 'en', theme: 'dark' },
] as const;

const system = await startSystem({ listen: { port: Number(process.env.PORT ?? 0) || undefined } });
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const [email, paths] of Object.entries(SCREENS)) {
    const session = await system.session(email);
    if (email.startsWith('customer')) {
      // The customer's first eSIM order's page (QR codes, usage), by the id the API gives.
      const res = await fetch(`${system.url}/api/user/esim/orders?range=[0,0]`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const first = ((await res.json()) as { data: Array<{ id: string }> }).data[0];
      if (first) paths.push(`/dashboard/orders/${first.id}/show`);
    }
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      if (onlyViewport && viewportName !== onlyViewport) continue;
      for (const look of LOOKS) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
        await context.addInitScript(signedInScript(session, look));
        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`  page error on ${page.url()}: ${error.message}`));
        for (const p of paths) {
          if (only && !p.includes(only)) continue;
          await page.goto(`${system.url}${p}`, { waitUntil: 'networkidle' });
          await page.waitForTimeout(400);
          const file = path.join(
            out,
            `${email.split('@')[0]}${p.replaceAll('/', '_')}-${viewportName}-${look.locale}-${look.theme}.png`,
          );
          await page.screenshot({ path: file, fullPage: true });
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          console.log(`${file}${width > viewport.width ? `  WIDE: ${width}px in ${viewport.width}px` : ''}`);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser?.close();
  await system.stop();
  process.exit(0);
}
