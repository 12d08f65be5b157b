import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startListeningSystem } from '../../tests/browser/backoffice-system';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signedInScript } from './browser';

/**
 * Looks at every back-office screen as its user would: phone (390×844) and desktop (1366×800),
 * Turkish light and English dark, written as PNGs to the directory given (default /tmp/backoffice-shots).
 * `tsx bench/backoffice/screenshots.ts [dir] [filter]`
 */
const out = process.argv[2] ?? '/tmp/backoffice-shots';
const only = process.argv[3];
mkdirSync(out, { recursive: true });

const SCREENS: Record<string, string[]> = {
  'dealer@esim.test': ['/dashboard', '/dashboard/orders', '/dashboard/balance', '/dashboard/transactions', '/dashboard/price-list', '/dashboard/physical-sim-purchase', '/dashboard/physical-sim-stock', '/dashboard/physical-sim-return', '/dashboard/settings'],
  'customer@esim.test': ['/dashboard', '/dashboard/orders'],
  'sales@esim.test': ['/dashboard/sales-manager/dealers', '/dashboard/sales-manager/collection', '/dashboard/sales-manager/dealers/create', '/dashboard/sales-manager/dealers/00000000-0000-4000-8000-000000000003/pricing'],
};
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } };
const LOOKS = [
  { locale: 'tr', theme: 'light' },
  { locale: 'en', theme: 'dark' },
] as const;

const system = await startListeningSystem({ port: Number(process.env.PORT ?? 0) || undefined });
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  for (const [email, paths] of Object.entries(SCREENS)) {
    const session = await system.login(email);
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      for (const look of LOOKS) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
        await context.addInitScript(signedInScript(session, look));
        const page = await context.newPage();
        page.on('pageerror', (error) => console.log(`  page error on ${page.url()}: ${error.message}`));
        for (const p of paths) {
          if (only && !p.includes(only)) continue;
          await page.goto(`${system.url}${p}`, { waitUntil: 'networkidle' });
          await page.waitForTimeout(400);
          const file = path.join(out, `${email.split('@')[0]}${p.replaceAll('/', '_')}-${viewportName}-${look.locale}-${look.theme}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
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
