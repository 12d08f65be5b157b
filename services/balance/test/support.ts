import { randomUUID } from 'node:crypto';
import type { EventPayload, EventType } from '@esim/contracts';
import { createTestKeys, type TestKeys } from '@esim/platform/testing';
import type { EventBatchHandler, EventHandler } from '@esim/platform';
import type { Knex } from 'knex';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadBalanceConfig } from '../src/config';
import { BALANCE_HANDLERS, balanceRunHandlers } from '../src/events/bus';
import { formatLedgerReport, verifyLedger } from '../src/ledger/verify';

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface Person {
  id: string;
  userType: 1 | 2 | 3 | 4;
  email: string;
}

let counter = 0;
export function person(userType: Person['userType']): Person {
  counter += 1;
  return { id: randomUUID(), userType, email: `p${counter}-${Date.now()}@esim.test` };
}

/** The balance app on this test file's own database, with local signing keys. */
export async function startApp(options: { poolMax?: number; env?: Record<string, string> } = {}) {
  const keys: TestKeys = await createTestKeys();
  const config = loadBalanceConfig({
    ...process.env,
    // No auth service runs beside these tests: people are put in place by events (given below), and
    // an id nobody announced meets a closed port (auth unreachable). tests/flows asks the real auth.
    AUTH_URL: 'http://127.0.0.1:9',
    ...(options.poolMax ? { DATABASE_POOL_MAX: String(options.poolMax) } : {}),
    ...options.env,
  });
  const app = await buildApp({ jwks: keys.jwks, config });
  const tokens = new Map<string, string>();
  /** Headers of a signed-in person, plus any extra (Idempotency-Key, Accept-Language). */
  const as = async (who: Person, extra: Record<string, string> = {}) => {
    let token = tokens.get(who.id);
    if (!token) {
      token = await keys.token({ id: who.id, userType: who.userType, email: who.email });
      tokens.set(who.id, token);
    }
    return { authorization: `Bearer ${token}`, ...extra };
  };
  const internal = { 'x-service-token': config.INTERNAL_SERVICE_TOKEN };
  return { app, keys, as, internal };
}

/*
 * This test file's app, its sign-in helper and the internal-call headers, set by `useBalanceApp`
 * before the file's tests run. Exported bindings rather than a returned holder so the tests keep
 * writing `app.inject(...)`; vitest gives every test file its own copy of this module.
 */
export let app: App;
export let as: Awaited<ReturnType<typeof startApp>>['as'];
export let internal: Record<string, string>;

/** Starts the balance app for this test file; after its tests, checks the ledger's invariants and closes it. */
export function useBalanceApp(options: { poolMax?: number; env?: Record<string, string> } = {}): void {
  beforeAll(async () => {
    ({ app, as, internal } = await startApp(options));
  });
  afterAll(async () => {
    await expectLedgerValid(app.db);
    await app.close();
  });
}

/** A fresh Idempotency-Key. */
export const key = () => `test-${randomUUID()}`;

/**
 * Delivers an event to the balance service's handler the way the bus does (effect in a transaction).
 * Tests that are not about the bus use it to put people in place; events.test.ts goes through the real bus.
 */
export async function given<T extends EventType>(
  db: Knex,
  type: T,
  payload: EventPayload<T>,
  aggregateId = randomUUID(),
): Promise<void> {
  const single = BALANCE_HANDLERS[type] as EventHandler<T> | undefined;
  const run = balanceRunHandlers(db)[type] as EventBatchHandler<T> | undefined;
  const handler: EventHandler<T> | undefined = single ?? (run && ((event, context) => run([event], context)));
  if (!handler) throw new Error(`balance does not handle ${type}`);
  const event = {
    id: randomUUID(),
    type,
    version: 1,
    occurredAt: new Date().toISOString(),
    aggregateId,
    producer: type.split('.')[0]!,
    payload,
  };
  await db.transaction((trx) => handler(event, { trx, attempt: 0 }));
}

/** Puts a sales manager and their dealers in place, as the auth events would. */
export async function givenSalesManagerWithDealers(db: Knex, dealerCount: number) {
  const manager = person(4);
  await given(db, 'auth.sales-manager.created', {
    salesManagerId: manager.id,
    userId: manager.id,
    email: manager.email,
    fullName: `Satış ${manager.id.slice(0, 4)}`,
    status: 'active',
  });
  const dealers: Person[] = [];
  for (let i = 0; i < dealerCount; i++) {
    dealers.push(
      await givenDealer(db, {
        fullName: `Bayi ${i + 1}`,
        companyName: `Bayi ${i + 1} Ltd.`,
        salesManagerId: manager.id,
      }),
    );
  }
  return { manager, dealers };
}

/** Puts an active dealer in place, as auth.dealer.created would; by default nameless-company and unassigned. */
export async function givenDealer(
  db: Knex,
  profile: { fullName?: string; companyName?: string | null; salesManagerId?: string | null } = {},
): Promise<Person> {
  const dealer = person(2);
  await given(db, 'auth.dealer.created', {
    dealerId: dealer.id,
    userId: dealer.id,
    email: dealer.email,
    fullName: profile.fullName ?? 'Bayi',
    companyName: profile.companyName ?? null,
    phone: null,
    status: 'active',
    salesManagerId: profile.salesManagerId ?? null,
  });
  return dealer;
}

/** The ledger's invariants hold: run in every test file's afterAll. */
export async function expectLedgerValid(db: Knex): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

export async function accountOf(db: Knex, accountKey: string): Promise<{ balance: number; held: number }> {
  const row = await db('accounts').where({ key: accountKey }).first('balance', 'held');
  return row ? { balance: Number(row.balance), held: Number(row.held) } : { balance: 0, held: 0 };
}

export const countRows = async (db: Knex, table: string) =>
  Number(((await db(table).count({ n: '*' })) as Array<{ n: number }>)[0]!.n);

/** Intl puts a no-break space before €: compare texts with plain spaces. */
export const plain = (text: string) => text.replace(/\s/g, ' ');
