import { randomInt, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestKeys, waitFor, type TestKeys } from '@esim/platform/testing';
import { buildApp as buildBalance } from '../../balance/src/app';
import { spendable } from '../../balance/src/ledger/accounts';
import { fundFromBank } from '../../balance/src/ledger/bank-funding';
import { formatLedgerReport, verifyLedger } from '../../balance/src/ledger/verify';
import { buildApp as buildCatalog } from '../../catalog/src/app';
import { seedDemoData as seedCatalog } from '../../catalog/src/seed';
import { buildApp } from '../src/app';
import { loadEsimConfig } from '../src/config';
import { withLuhnDigit } from '../src/profiles/iccid';

/**
 * The esim service with the real catalog and balance services beside it, in this test process on
 * real ports (the saga calls them over HTTP with the service credential, as in production), on the
 * test file's own database. Tokens are signed with local test keys that every service accepts.
 */
export interface Person {
  id: string;
  userType: 1 | 2 | 3;
}

export type EsimApp = Awaited<ReturnType<typeof buildApp>>;

export interface EsimSystem {
  esim: EsimApp;
  catalog: FastifyInstance;
  balance: FastifyInstance;
  keys: TestKeys;
  as(who: Person, extra?: Record<string, string>): Promise<Record<string, string>>;
  packageId(code: string): Promise<string>;
  fund(who: Person, cents: number): Promise<void>;
  available(who: Person): Promise<number>;
  /** The ledger balance of the buyer's spendable account (what captures took, unlike `available`). */
  balanceOf(who: Person): Promise<number>;
  /** Waits until the balance service has captured the holds of every completed order of the buyer. */
  charged(who: Person): Promise<void>;
  stock(code: string, count: number, options?: { operator?: string }): Promise<string[]>;
  verifyLedger(): Promise<void>;
  stop(): Promise<void>;
}

export const customer = (): Person => ({ id: randomUUID(), userType: 1 });
export const admin = (): Person => ({ id: randomUUID(), userType: 3 });
export const key = () => `test-${randomUUID()}`;

/** A valid ICCID nobody else has: 89 + country 90 + random digits + Luhn digit (19 digits). */
export const newIccid = () =>
  withLuhnDigit(`8990${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e5)).padStart(5, '0')}`);

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export async function startEsimSystem(env: Record<string, string> = {}): Promise<EsimSystem> {
  const keys = await createTestKeys();
  const catalog = await buildCatalog({ jwks: keys.jwks });
  const balance = await buildBalance({ jwks: keys.jwks });
  await catalog.listen({ port: 0, host: '127.0.0.1' });
  await balance.listen({ port: 0, host: '127.0.0.1' });
  await seedCatalog(catalog.db);
  const config = loadEsimConfig({
    ...process.env,
    CATALOG_URL: urlOf(catalog),
    BALANCE_URL: urlOf(balance),
    ESIM_RECOVERY_INTERVAL_MS: '100',
    ESIM_RECOVERY_GRACE_MS: '300',
    ...env,
  });
  const esim = await buildApp({ jwks: keys.jwks, config });
  await esim.ready();
  // The esim outbox relayed and the balance service consuming it, as in production: completed
  // orders' holds are captured when balance consumes esim.order.completed.
  await esim.events.start();
  await balance.events.start();
  const tokens = new Map<string, string>();
  let batch = 0;

  return {
    esim,
    catalog,
    balance,
    keys,
    async as(who, extra = {}) {
      let token = tokens.get(who.id);
      if (!token) {
        token = await keys.token({ id: who.id, userType: who.userType });
        tokens.set(who.id, token);
      }
      return { authorization: `Bearer ${token}`, ...extra };
    },
    async packageId(code) {
      const row = await catalog.db('packages').where({ code }).first('id');
      if (!row) throw new Error(`no package ${code}`);
      return row.id as string;
    },
    // Money in through the balance service's own ledger code (a confirmed bank top-up).
    async fund(who, cents) {
      await fundFromBank(balance.db, who.id, cents, { idempotencyKey: `test-fund:${randomUUID()}`, createdBy: 'test' });
    },
    async available(who) {
      const row = await balance
        .db('accounts')
        .where({ key: spendable(who.id).key })
        .first('balance', 'held');
      return row ? Number(row.balance) - Number(row.held) : 0;
    },
    async balanceOf(who) {
      const row = await balance
        .db('accounts')
        .where({ key: spendable(who.id).key })
        .first('balance');
      return row ? Number(row.balance) : 0;
    },
    async charged(who) {
      await waitFor(
        async () => {
          const completed = await esim.db('orders').where({ user_id: who.id, step: 'completed' }).pluck('hold_id');
          const captured = await balance.db('holds').whereIn('id', completed).where({ status: 'captured' }).pluck('id');
          return captured.length === completed.length;
        },
        { what: 'the captures of the completed orders' },
      );
    },
    async stock(code, count, options = {}) {
      batch += 1;
      const iccids = Array.from({ length: count }, newIccid);
      const csv = [
        'iccid,smdp_address,matching_id,package_code,operator',
        ...iccids.map(
          (iccid, i) =>
            `${iccid},smdp.example.com,MATCH-${batch}-${i}-${iccid.slice(-6)},${code},${options.operator ?? 'Turkcell'}`,
        ),
      ].join('\n');
      const adminToken = await keys.token({ id: randomUUID(), userType: 3 });
      const res = await esim.inject({
        method: 'POST',
        url: '/admin/esim/pool/import',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
        payload: csv,
      });
      if (res.statusCode !== 201 || res.json().data.imported !== count)
        throw new Error(`stock import failed: ${res.body}`);
      return iccids;
    },
    async verifyLedger() {
      const report = await verifyLedger(balance.db);
      if (!report.ok) throw new Error(formatLedgerReport(report));
    },
    async stop() {
      await esim.close();
      await catalog.close();
      await balance.close();
    },
  };
}
