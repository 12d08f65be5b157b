import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS, USER_TYPE, type EventPayload } from '@esim/contracts';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import { buildApp, type CatalogApp } from '../src/app';
import { onDealerUpserted } from '../src/events/auth-dealers';
import { seedDemoData } from '../src/seed';

/** Test fixtures: the catalog app on this file's own database, seeded, and tokens for each kind of caller. */
export const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
export const SALES_MANAGER = DEMO_ACCOUNTS.find((a) => a.role === 'sales-manager')!;
export const DEALER = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
export const DEALER_2 = DEMO_ACCOUNTS.find((a) => a.email === 'dealer2@esim.test')!;
export const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.role === 'retail')!;

export interface Fixture {
  app: CatalogApp;
  keys: TestKeys;
  tokens: { admin: string; salesManager: string; dealer: string; dealer2: string; customer: string };
  auth(token: string, extra?: Record<string, string>): Record<string, string>;
  packageId(code: string): Promise<string>;
}

export async function setup(options: { seed?: boolean } = {}): Promise<Fixture> {
  const keys = await createTestKeys();
  const app = await buildApp({ jwks: keys.jwks });
  if (options.seed !== false) await seedDemoData(app.db);
  const token = (account: (typeof DEMO_ACCOUNTS)[number]) =>
    keys.token({ id: account.id, userType: account.userType, email: account.email });
  return {
    app,
    keys,
    tokens: {
      admin: await token(ADMIN),
      salesManager: await token(SALES_MANAGER),
      dealer: await token(DEALER),
      dealer2: await token(DEALER_2),
      customer: await token(CUSTOMER),
    },
    auth: (value, extra = {}) => ({ authorization: `Bearer ${value}`, ...extra }),
    async packageId(code) {
      const row = await app.db('packages').where({ code }).first('id');
      if (!row) throw new Error(`no package ${code}`);
      return row.id as string;
    },
  };
}

/** A dealer of another sales manager, recorded through the real auth-event handler. */
export async function addDealer(
  app: CatalogApp,
  dealer: { userId: string; salesManagerId: string | null },
): Promise<void> {
  const payload: EventPayload<'auth.dealer.created'> = {
    dealerId: randomUUID(),
    userId: dealer.userId,
    email: `${dealer.userId}@esim.test`,
    fullName: 'Başka Bayi',
    companyName: null,
    phone: null,
    status: 'active',
    salesManagerId: dealer.salesManagerId,
  };
  await app.db.transaction((trx) =>
    onDealerUpserted(
      {
        id: randomUUID(),
        type: 'auth.dealer.created',
        version: 1,
        occurredAt: new Date().toISOString(),
        aggregateId: payload.dealerId,
        producer: 'auth',
        payload,
      },
      { trx, attempt: 0 },
    ),
  );
}

export const otherSalesManager = { id: '00000000-0000-4000-8000-0000000000aa', userType: USER_TYPE.salesManager };
