import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signWebhook } from '@esim/platform';
import { createTestKeys, waitFor } from '@esim/platform/testing';
import type { buildApp } from '../../services/esim/src/app';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { newIccid, poolCsv } from '../../services/esim/test/support';
import { startSystem, type StartOptions, type System } from './system';

/**
 * The eSIM flows' view of the running system (tests/flows/system.ts): esim, catalog and balance
 * beside each other on real ports with their event buses, money paid in through balance's own
 * deposit routes, and the books checked with verifyBooks. Buyers are made up per test: the real auth
 * service is configured with a signing key this file holds (AUTH_SIGNING_KEYS, as an operator gives
 * it), so each service verifies their tokens against auth's published keys without an account each.
 */
export interface Person {
  id: string;
  userType: 1 | 2 | 3;
}

export type EsimApp = Awaited<ReturnType<typeof buildApp>>;

export interface EsimSystem {
  system: System;
  esim: EsimApp;
  catalog: FastifyInstance;
  balance: FastifyInstance;
  /** The address of auth's published keys, for an esim process started beside the system. */
  jwksUrl: string;
  as(who: Person, extra?: Record<string, string>): Promise<Record<string, string>>;
  packageId(code: string): Promise<string>;
  fund(who: Person, cents: number): Promise<void>;
  available(who: Person): Promise<number>;
  /** The buyer's booked balance (what captures took, unlike `available`). */
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

export { newIccid };

/**
 * The operator's usage reports through the system's gateway webhook, signed with esim's webhook
 * secret (or `secret`, a forger's): the gateway's answer.
 */
export async function reportUsage(
  system: System,
  reports: Array<{ id: string; iccid: string; used_bytes: number }>,
  secret?: string,
) {
  const raw = JSON.stringify({ reports });
  const at = Math.floor(Date.now() / 1000);
  const esim = system.services.esim as unknown as { esim: { ctx: { config: { ESIM_WEBHOOK_SECRET: string } } } };
  return system.gateway.inject({
    method: 'POST',
    url: '/api/webhooks/esim-usage',
    headers: {
      'content-type': 'application/json',
      'x-esim-timestamp': String(at),
      'x-esim-signature': signWebhook(secret ?? esim.esim.ctx.config.ESIM_WEBHOOK_SECRET, at, raw),
    },
    payload: raw,
  });
}

/** `env`: esim settings over the environment's; `options`: the system's own (e.g. `notServing`). */
export async function startEsimSystem(
  env: Record<string, string> = {},
  options: Pick<StartOptions, 'notServing'> = {},
): Promise<EsimSystem> {
  const keys = await createTestKeys();
  const system = await startSystem({
    ...options,
    serviceEnv: {
      auth: { AUTH_SIGNING_KEYS: keys.signingKeys },
      esim: { ESIM_RECOVERY_INTERVAL_MS: '100', ESIM_RECOVERY_GRACE_MS: '300', ...env },
    },
  });
  const esim = system.services.esim as unknown as EsimApp;
  const { catalog, balance } = system.services;
  const adminToken = await system.login('admin@esim.test');
  // These flows count the pool they stock themselves (stock-outs, low-stock alerts, the profiles an
  // order gets), so the demo seed's free profiles go; its sold ones stay with their orders and money.
  await esim.db('profiles').where({ pool_status: 'available' }).whereNull('order_id').del();
  const tokens = new Map<string, string>();
  let batch = 0;

  const as: EsimSystem['as'] = async (who, extra = {}) => {
    let token = tokens.get(who.id);
    if (!token) {
      token = await keys.token(who, { expiresIn: '30m', jti: randomUUID() });
      tokens.set(who.id, token);
    }
    return { authorization: `Bearer ${token}`, ...extra };
  };
  const money = async (who: Person) => {
    const res = await balance.inject({ url: '/user/balance', headers: await as(who) });
    if (res.statusCode !== 200) throw new Error(`balance of ${who.id}: ${res.body}`);
    return res.json().data as { balance_cents: number; available_cents: number };
  };

  return {
    system,
    esim,
    catalog,
    balance,
    jwksUrl: process.env.AUTH_JWKS_URL!,
    as,
    async packageId(code) {
      const row = await catalog.db('packages').where({ code }).first('id');
      if (!row) throw new Error(`no package ${code}`);
      return row.id as string;
    },
    // Money in as a buyer pays it: a bank deposit asked for, and confirmed by the seeded admin.
    async fund(who, cents) {
      const asked = await balance.inject({
        method: 'POST',
        url: '/user/balance/add',
        headers: await as(who, { 'idempotency-key': `test-fund:${randomUUID()}` }),
        payload: { amount: cents / 100, method: 'bank_transfer' },
      });
      if (asked.statusCode !== 201) throw new Error(`deposit request failed: ${asked.body}`);
      const confirmed = await balance.inject({
        method: 'POST',
        url: `/admin/deposits/${asked.json().data.id}/confirm`,
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (confirmed.statusCode !== 200) throw new Error(`deposit confirmation failed: ${confirmed.body}`);
    },
    async available(who) {
      return (await money(who)).available_cents;
    },
    async balanceOf(who) {
      return (await money(who)).balance_cents;
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
      const csv = poolCsv(iccids, code, batch, options.operator);
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
      const books = await verifyBooks();
      if (!books.ok) throw new Error(formatBooksReport(books));
    },
    stop: () => system.stop(),
  };
}
