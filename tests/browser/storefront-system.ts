import { chromium, type Browser } from 'playwright-core';
import { freePort, startSystem, type System } from '../flows/system';
import { ensureBuilt } from './builds';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface StorefrontSystem {
  baseUrl: string;
  browser: Browser;
  system: System;
  stop(): Promise<void>;
}

/**
 * The real back end (auth, catalog, balance, esim, physical-sim with their event buses, on this test
 * file's database with the demo seed) behind the real gateway on a real port, serving the
 * storefront's production build; Debian chromium drives it.
 */
export async function startStorefrontSystem(): Promise<StorefrontSystem> {
  const dist = await ensureBuilt('storefront');
  // The gateway's address is the shop's public one: card payment pages and their callback lead back to it.
  const port = await freePort();
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
  const system = await startSystem({
    listen: { port },
    // One browser from one address: the per-IP public limits are for the internet, not this test.
    gatewayEnv: {
      STOREFRONT_DIST: dist,
      RATE_LIMIT_PUBLIC_READ_PER_MIN: '100000',
      RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN: '100000',
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    baseUrl: system.url,
    browser,
    system,
    async stop() {
      await browser.close();
      await system.stop();
    },
  };
}
