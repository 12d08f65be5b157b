import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';
import { freePort } from './system';

/**
 * The crash test: the real esim process (its own `src/server.ts`, a child process) is killed with
 * SIGKILL while 200 purchases are in flight, then started again. Its recovery loop must finish every
 * order it had placed: each ends completed-and-charged-once or failed-and-not-charged, no eSIM is
 * assigned without payment, and the books hold. The rest of the system runs in this process on real
 * ports (they are not the ones crashing); its own esim only answers, so the restarted process alone recovers.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serviceDir = path.resolve(here, '../../services/esim');
const BUYERS = 200;

interface HoldRow {
  order_id: string;
  status: string;
  amount: string;
}
interface OrderRow {
  user_id: string;
  step: string;
  total_cents: string;
}
const STOCK = 160;

describe('esim process killed during 200 concurrent purchases', () => {
  let sys: EsimSystem;
  let child: ChildProcess | undefined;
  let port: number;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    sys = await startEsimSystem({}, { notServing: ['esim'] });
    port = await freePort();
    const config = sys.esim.esim.ctx.config;
    env = {
      ...process.env,
      NODE_ENV: 'production',
      APP_MODE: 'demo',
      LOG_LEVEL: 'error',
      PORT: String(port),
      HOST: '127.0.0.1',
      CATALOG_URL: config.CATALOG_URL.join(','),
      BALANCE_URL: config.BALANCE_URL.join(','),
      AUTH_JWKS_URL: sys.jwksUrl,
      ESIM_RECOVERY_INTERVAL_MS: '200',
      ESIM_RECOVERY_GRACE_MS: '1000',
      DATABASE_POOL_MAX: '20',
    };
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await sys?.stop();
  });

  async function startEsim(): Promise<ChildProcess> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serviceDir,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined))?.ok, {
      timeoutMs: 30_000,
      what: 'the esim process',
    });
    return proc;
  }

  it('finishes every placed order after a restart: completed and charged once, or failed and not charged', async () => {
    const usStarter = await sys.packageId('US-7D-3GB');
    await sys.stock('US-7D-3GB', STOCK);
    const buyers: Person[] = Array.from({ length: BUYERS }, customer);
    // One in ten cannot afford it; the rest can, but the pool holds fewer profiles than buyers.
    await Promise.all(buyers.map((b, i) => sys.fund(b, i % 10 === 0 ? 10_00 : 20_00)));

    child = await startEsim();
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    const keys = buyers.map(() => key());
    const purchase = async (b: Person, i: number) => {
      const res = await fetch(`http://127.0.0.1:${port}/user/packages/buy`, {
        method: 'POST',
        headers: { ...(await sys.as(b, { 'idempotency-key': keys[i]! })), 'content-type': 'application/json' },
        body: JSON.stringify({ package_id: usStarter, quantity: 1 }),
      }).catch(() => undefined);
      return res?.status;
    };
    const attempts = buyers.map(purchase);
    // Kill it once some orders are placed and many are still midway.
    await waitFor(async () => Number(((await sys.esim.db('orders').count({ n: '*' })) as [{ n: string }])[0].n) >= 40, {
      timeoutMs: 30_000,
      intervalMs: 5,
      what: 'orders in flight',
    });
    child.kill('SIGKILL');
    await exited;
    const answered = await Promise.all(attempts);
    const midway = await sys.esim.db('orders').whereNotIn('step', ['completed', 'failed']).count({ n: '*' });
    console.log(
      `crash test: killed with ${JSON.stringify(midway)} orders midway; ${answered.filter(Boolean).length} of ${BUYERS} requests had an answer`,
    );

    child = await startEsim();
    // Clients retry what got no answer with the same Idempotency-Key: a placed order is found again, never placed twice.
    const retried = await Promise.all(
      buyers.map((b, i) => (answered[i] ? Promise.resolve(answered[i]) : purchase(b, i))),
    );
    expect(
      retried.every((status) => status !== undefined && [201, 202, 409, 422].includes(status)),
      JSON.stringify(retried),
    ).toBe(true);
    await waitFor(
      async () =>
        Number(
          (
            (await sys.esim.db('orders').whereNotIn('step', ['completed', 'failed']).count({ n: '*' })) as [
              { n: string },
            ]
          )[0].n,
        ) === 0,
      {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: 'the recovery loop to finish every order',
      },
    );

    // The captures follow through the outbox: the balance service consumes esim.order.completed.
    await Promise.all(buyers.map((b) => sys.charged(b)));
    const orders = await sys.esim.db('orders').whereIn(
      'user_id',
      buyers.map((b) => b.id),
    );
    // One order per buyer: the retries found the orders placed before the crash.
    expect(orders).toHaveLength(BUYERS);
    expect(new Set(orders.map((o: { user_id: string }) => o.user_id)).size).toBe(BUYERS);
    const holds = new Map(
      (
        await sys.balance.db('holds').whereIn(
          'user_id',
          buyers.map((b) => b.id),
        )
      ).map((h: HoldRow) => [h.order_id, h] as const),
    );
    let completed = 0;
    for (const order of orders) {
      const hold = holds.get(order.id);
      const profiles = await sys.esim.db('profiles').where({ order_id: order.id });
      if (order.step === 'completed') {
        completed += 1;
        expect(hold?.status, order.id).toBe('captured');
        expect(Number(hold!.amount)).toBe(Number(order.total_cents));
        expect(profiles).toHaveLength(order.quantity);
      } else {
        expect(order.step).toBe('failed');
        expect(hold === undefined || hold.status === 'voided', order.id).toBe(true);
        expect(profiles).toHaveLength(0);
      }
    }
    // No hold without its order, none left pending.
    for (const hold of holds.values()) {
      expect(orders.some((o: { id: string }) => o.id === hold.order_id)).toBe(true);
      expect(hold.status).not.toBe('pending');
    }
    // Every buyer paid exactly for their completed orders.
    for (const [i, b] of buyers.entries()) {
      const paid = (orders as OrderRow[])
        .filter((o) => o.user_id === b.id && o.step === 'completed')
        .reduce((sum, o) => sum + Number(o.total_cents), 0);
      expect(await sys.available(b)).toBe((i % 10 === 0 ? 10_00 : 20_00) - paid);
      expect(await sys.balanceOf(b)).toBe((i % 10 === 0 ? 10_00 : 20_00) - paid);
    }
    expect(completed).toBeLessThanOrEqual(STOCK);
    expect(completed).toBeGreaterThan(100);
    console.log(
      `crash test: ${orders.length} orders placed, ${completed} completed and charged once, ${orders.length - completed} failed and not charged`,
    );
    await sys.verifyLedger();
  }, 180_000);
});
