import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/backoffice/browser';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { freePort, startSystem, type System } from '../flows/system';
import { ensureBuilt } from './builds';

export interface StorefrontSystem {
  baseUrl: string;
  browser: Browser;
  system: System;
  /** The demo inbox as the services' SMTP server (as under npm start in demo mode), when asked for with `mail`. */
  mail?: MailCatcher;
  stop(): Promise<void>;
}

export type StorefrontSystemWithMail = StorefrontSystem & { mail: MailCatcher };

/**
 * The real back end (auth, catalog, balance, esim, physical-sim with their event buses, on this test
 * file's database with the demo seed) behind the real gateway on a real port, serving the
 * storefront's production build; Debian chromium drives it.
 */
export async function startStorefrontSystem(options: { mail: true }): Promise<StorefrontSystemWithMail>;
export async function startStorefrontSystem(options?: { mail?: boolean }): Promise<StorefrontSystem>;
export async function startStorefrontSystem(options: { mail?: boolean } = {}): Promise<StorefrontSystem> {
  const mail = options.mail ? await startMailCatcher() : undefined;
  if (mail) process.env.SMTP_URL = mail.smtpUrl;
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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    baseUrl: system.url,
    browser,
    system,
    ...(mail ? { mail } : {}),
    async stop() {
      await browser.close();
      await system.stop();
      if (mail) {
        await mail.stop();
        delete process.env.SMTP_URL;
      }
    },
  };
}
