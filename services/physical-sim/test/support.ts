import { DEMO_ACCOUNTS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import { createTestKeys } from '@esim/platform/testing';
import { buildApp, type PhysicalSimApp } from '../src/app';
import { loadPhysicalSimConfig } from '../src/config';
import { seedDemoData } from '../src/seed';

/**
 * The physical-sim service alone, on this test file's own database with its own demo seed. The
 * catalog and balance addresses lead nowhere: a test that needs their prices, packages or money
 * belongs in tests/flows, on the running system.
 */
export const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
export const SALES_MANAGER = DEMO_ACCOUNTS.find((a) => a.role === 'sales-manager')!;
export const DEALER = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
export const DEALER_2 = DEMO_ACCOUNTS.find((a) => a.email === 'dealer2@esim.test')!;
export const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.role === 'retail')!;
export const PLUS_EU = DEMO_PLUS_PACKAGES[0]!;
export const PLUS_GLOBAL = DEMO_PLUS_PACKAGES[1]!;
export const PLUS_TR = DEMO_PLUS_PACKAGES[2]!;

/** Port 9 (discard): nothing answers there, so a call to another service fails at once. */
const NOWHERE = 'http://127.0.0.1:9';

export interface Fixture {
  app: PhysicalSimApp;
  tokens: { admin: string; salesManager: string; dealer: string; dealer2: string; customer: string };
  auth(token: string, extra?: Record<string, string>): Record<string, string>;
  stop(): Promise<void>;
}

export async function setup(options: { env?: Record<string, string> } = {}): Promise<Fixture> {
  const keys = await createTestKeys();
  const config = loadPhysicalSimConfig({ ...process.env, CATALOG_URL: NOWHERE, BALANCE_URL: NOWHERE, ...options.env });
  const app = await buildApp({ config, jwks: keys.jwks });
  await app.ready();
  await seedDemoData(app.db);
  await (app as unknown as { events: { start(): Promise<void> } }).events.start();

  const token = (a: (typeof DEMO_ACCOUNTS)[number]) => keys.token({ id: a.id, userType: a.userType, email: a.email });
  return {
    app,
    tokens: {
      admin: await token(ADMIN),
      salesManager: await token(SALES_MANAGER),
      dealer: await token(DEALER),
      dealer2: await token(DEALER_2),
      customer: await token(CUSTOMER),
    },
    auth: (value, extra = {}) => ({ authorization: `Bearer ${value}`, ...extra }),
    async stop() {
      await app.close();
    },
  };
}
