import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PLUS_PACKAGES } from '@esim/contracts';
import type { RealSystem } from '../e2e/harness';
import { bigXlsx } from '../../infra/src/testing/cards';
import type { Answer, LoadClient } from './client';

export interface LoadSize {
  /** Dealers created for the run; each buys eSIMs and orders physical SIMs. */
  buyers: number;
  /** Pause of each actor between two of its requests (keeps two shared cores usable). */
  pauseMs: number;
  /** Upper bounds, so the load stays bounded however long the faults take. */
  maxPurchases: number;
  maxPhysicalOrders: number;
  maxCollections: number;
  importRows: number;
  /** Credit each dealer is loaded with at the start, in cents. */
  creditCents: number;
  /** Pause of each dealer between two reads of its own pages (every service's); unset: the load reads nothing. */
  readPauseMs?: number;
}

export interface Buyer {
  id: string;
  email: string;
  token: string;
}

/** One money request of the load, its Idempotency-Key and the answer it finally got (none: unanswered). */
export interface Sent {
  key: string;
  buyerId: string;
  status?: number;
  code?: string;
  /** The order the answer names (eSIM and physical orders), and the package ordered. */
  orderId?: string;
  packageId?: string;
  cents: number;
}

export interface PhysicalOrder extends Sent {
  /** The admin's decision as the answers told it. */
  decided?: 'approved' | 'rejected';
}

/** Everything the load sent and what it was answered: what the checks compare the system with. */
export interface LoadRecord {
  adminId: string;
  salesManagerId: string;
  buyers: Buyer[];
  credits: Sent[];
  purchases: Sent[];
  physicalOrders: PhysicalOrder[];
  dealerCollections: Sent[];
  handovers: Sent[];
  importId?: string;
  importRows: number;
  /** Reads sent (each retried until answered), and those that did not end 2xx. */
  reads: number;
  failedReads: string[];
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STRONG_PASSWORD = 'Hata-Yuku-Kx7q-Zebra';
/** The import's cards belong to this package, so its orders have stock to spare. */
const IMPORT_PACKAGE = DEMO_PLUS_PACKAGES[2]!;
const isOk = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
/** A dealer's own pages, one or more per service (several call another service inside). */
const READS = [
  '/me',
  `/user/packages?range=${encodeURIComponent('[0,9]')}`,
  '/user/balance',
  '/user/esim/orders',
  '/user/physical-sim/packages',
  '/user/transactions',
  '/user/physical-sim/orders',
];

/**
 * The mixed load: dealers buying eSIMs and ordering physical SIMs, an admin approving and rejecting
 * those orders, the sales manager collecting from the dealers and the admin from him, and one xlsx
 * import through the worker; every actor a loop that runs until `stop()` or its count is reached.
 */
export class MixedLoad {
  readonly record: LoadRecord;
  private running = false;
  private loops: Promise<void>[] = [];
  private esimPackages: string[] = [];
  private readonly soldOut = new Set<string>();
  private adminToken = '';
  private salesToken = '';

  private constructor(
    private readonly system: RealSystem,
    private readonly client: LoadClient,
    private readonly size: LoadSize,
    record: LoadRecord,
  ) {
    this.record = record;
  }

  /** Creates the buyers under the demo sales manager and loads their credit (before any fault). */
  static async prepare(system: RealSystem, client: LoadClient, size: LoadSize): Promise<MixedLoad> {
    const adminToken = await system.login('admin@esim.test');
    const salesToken = await system.login('sales@esim.test');
    const me = async (token: string) => (await system.api('GET', '/me', { token })).body.data.id as string;
    const record: LoadRecord = {
      adminId: await me(adminToken),
      salesManagerId: await me(salesToken),
      buyers: [],
      credits: [],
      purchases: [],
      physicalOrders: [],
      dealerCollections: [],
      handovers: [],
      importRows: size.importRows,
      reads: 0,
      failedReads: [],
    };
    const load = new MixedLoad(system, client, size, record);
    load.adminToken = adminToken;
    load.salesToken = salesToken;
    const run = randomUUID().slice(0, 8);
    for (let i = 0; i < size.buyers; i++) {
      const email = `fault-${run}-${i}@bayi.test`;
      const created = await client.call('POST', '/admin/dealers', {
        token: adminToken,
        headers: { 'idempotency-key': `fault-dealer-${run}-${i}` },
        body: {
          full_name: `Yük Bayi ${String.fromCharCode(65 + i)}`,
          email,
          company_name: `Yük ${i} Ltd`,
          password: STRONG_PASSWORD,
          sales_manager_id: record.salesManagerId,
        },
      });
      if (created?.status !== 201)
        throw new Error(`creating dealer ${email}: ${created?.status} ${JSON.stringify(created?.body)}`);
      const buyer = { id: created.body.data.id as string, email, token: await system.login(email, STRONG_PASSWORD) };
      record.buyers.push(buyer);
      const credit: Sent = { key: randomUUID(), buyerId: buyer.id, cents: size.creditCents };
      const loaded = await client.call('POST', '/admin/dealers/balance', {
        token: adminToken,
        headers: { 'idempotency-key': credit.key },
        body: { dealer_id: buyer.id, amount: size.creditCents / 100, note: 'Yük testi kredisi' },
      });
      credit.status = loaded?.status;
      record.credits.push(credit);
      if (!isOk(loaded?.status))
        throw new Error(`loading credit for ${email}: ${loaded?.status} ${JSON.stringify(loaded?.body)}`);
    }
    const list = await client.call('GET', `/user/packages?range=${encodeURIComponent('[0,199]')}`, {
      token: record.buyers[0]!.token,
    });
    load.esimPackages = ((list?.body?.data ?? []) as Array<{ id: string; code: string }>)
      .filter((p) => !p.code.startsWith('PLUS-'))
      .map((p) => p.id);
    if (!load.esimPackages.length)
      throw new Error(`no eSIM packages to buy: ${JSON.stringify(list?.body).slice(0, 300)}`);
    return load;
  }

  start(): void {
    this.running = true;
    this.loops = [
      ...this.record.buyers.map((buyer, i) => this.buyEsims(buyer, i)),
      ...this.record.buyers.map((buyer, i) => this.orderPhysicalSims(buyer, i)),
      this.decideOrders(),
      this.collectFromDealers(),
      this.handOverCash(),
      ...(this.size.readPauseMs === undefined ? [] : this.record.buyers.map((buyer, i) => this.read(buyer, i))),
    ];
  }

  /** A dealer looking at its pages in turn; a read that does not end 2xx is a problem of the run. */
  private async read(buyer: Buyer, offset: number): Promise<void> {
    for (let n = offset; this.running; n++) {
      const path = READS[n % READS.length]!;
      const answer = await this.client.call('GET', path, { token: buyer.token });
      this.record.reads += 1;
      if (!isOk(answer?.status)) this.record.failedReads.push(`GET ${path}: ${answer?.status ?? 'no answer'}`);
      await sleep(this.size.readPauseMs! * (0.5 + Math.random()));
    }
  }

  /** Ends the loops, decides the orders still pending and re-sends what never got an answer. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    await this.resendUnanswered();
    for (const order of this.record.physicalOrders)
      if (isOk(order.status) && !order.decided) await this.decide(order, 'rejected');
  }

  /** Uploads the xlsx import (rows of fresh cards) and returns its job id. */
  async uploadImport(series: number): Promise<string> {
    const file = path.join(tmpdir(), `fault-import-${randomUUID()}.xlsx`);
    try {
      await bigXlsx(file, series, this.size.importRows, IMPORT_PACKAGE.code);
      const form = new FormData();
      form.append('file', new Blob([await readFile(file)], { type: XLSX }), 'kartlar.xlsx');
      const answer = await this.client.call('POST', '/admin/physical-sim/import-excel', {
        token: this.adminToken,
        body: form,
      });
      if (answer?.status !== 202) throw new Error(`import upload: ${answer?.status} ${JSON.stringify(answer?.body)}`);
      this.record.importId = answer.body.data.id as string;
      return this.record.importId;
    } finally {
      await rm(file, { force: true });
    }
  }

  private async pause(): Promise<void> {
    await sleep(this.size.pauseMs * (0.5 + Math.random()));
  }

  private async buyEsims(buyer: Buyer, offset: number): Promise<void> {
    for (let n = offset; this.running && this.record.purchases.length < this.size.maxPurchases; n++) {
      const open = this.esimPackages.filter((id) => !this.soldOut.has(id));
      if (!open.length) return;
      const packageId = open[n % open.length]!;
      const sent: Sent = { key: randomUUID(), buyerId: buyer.id, packageId, cents: 0 };
      this.record.purchases.push(sent);
      await this.sendPurchase(buyer, sent);
      // Ours to refuse: the pool of that package ran out (or its provider failed); buy another.
      if (sent.status === 409) this.soldOut.add(packageId);
      await this.pause();
    }
  }

  private async sendPurchase(buyer: Buyer, sent: Sent): Promise<void> {
    const answer = await this.client.call('POST', '/user/packages/buy', {
      token: buyer.token,
      headers: { 'idempotency-key': sent.key },
      body: { package_id: sent.packageId, quantity: 1 },
    });
    this.settle(sent, answer, (data) => ({ orderId: data.id, cents: data.total_cents }));
  }

  private async orderPhysicalSims(buyer: Buyer, offset: number): Promise<void> {
    for (let n = offset; this.running && this.record.physicalOrders.length < this.size.maxPhysicalOrders; n++) {
      const plus = DEMO_PLUS_PACKAGES[n % DEMO_PLUS_PACKAGES.length]!;
      const sent: PhysicalOrder = { key: randomUUID(), buyerId: buyer.id, packageId: plus.id, cents: 0 };
      this.record.physicalOrders.push(sent);
      await this.sendPhysicalOrder(buyer, sent);
      await sleep(this.size.pauseMs * 8);
    }
  }

  private async sendPhysicalOrder(buyer: Buyer, sent: PhysicalOrder): Promise<void> {
    const answer = await this.client.call('POST', '/user/physical-sim/order', {
      token: buyer.token,
      headers: { 'idempotency-key': sent.key },
      body: { package_id: sent.packageId, quantity: 1, note: 'Yük testi' },
    });
    this.settle(sent, answer, (data) => ({ orderId: data.id, cents: data.total_cents }));
  }

  /** The admin approves two orders of three and rejects the third, oldest first. */
  private async decideOrders(): Promise<void> {
    let n = 0;
    while (this.running) {
      const order = this.record.physicalOrders.find((o) => isOk(o.status) && !o.decided);
      if (order) await this.decide(order, n++ % 3 === 2 ? 'rejected' : 'approved');
      await sleep(this.size.pauseMs * 2);
    }
  }

  private async decide(order: PhysicalOrder, decision: 'approved' | 'rejected'): Promise<void> {
    const verb = decision === 'approved' ? 'approve' : 'reject';
    const answer = await this.client.call('POST', `/admin/physical-sim/orders/${order.orderId}/${verb}`, {
      token: this.adminToken,
      ...(decision === 'rejected' ? { body: { reason: 'Yük testi reddi' } } : {}),
    });
    if (answer?.status === 200) order.decided = decision;
    else if (answer?.status === 409 && answer.body?.code === 'not_enough_stock') await this.decide(order, 'rejected');
    else if (answer?.status === 409) {
      // An earlier attempt that lost its answer (the process died after committing) decided it already.
      const current = await this.client.call('GET', `/admin/physical-sim/orders/${order.orderId}`, {
        token: this.adminToken,
      });
      const status = current?.body?.data?.status;
      if (status === 'approved' || status === 'rejected') order.decided = status;
    }
  }

  private async collectFromDealers(): Promise<void> {
    for (let n = 0; this.running && this.record.dealerCollections.length < this.size.maxCollections; n++) {
      const buyer = this.record.buyers[n % this.record.buyers.length]!;
      const sent: Sent = { key: randomUUID(), buyerId: buyer.id, cents: 100 + (n % 5) * 25 };
      this.record.dealerCollections.push(sent);
      await this.sendDealerCollection(sent);
      await sleep(this.size.pauseMs * 3);
    }
  }

  private async sendDealerCollection(sent: Sent): Promise<void> {
    const answer = await this.client.call('POST', '/sales-manager/collect', {
      token: this.salesToken,
      headers: { 'idempotency-key': sent.key },
      body: { dealer_id: sent.buyerId, amount: sent.cents / 100, note: 'Elden tahsilat (yük)' },
    });
    this.settle(sent, answer);
  }

  private async handOverCash(): Promise<void> {
    while (this.running && this.record.handovers.length < this.size.maxCollections) {
      const sent: Sent = { key: randomUUID(), buyerId: this.record.salesManagerId, cents: 150 };
      this.record.handovers.push(sent);
      await this.sendHandover(sent);
      await sleep(this.size.pauseMs * 6);
    }
  }

  private async sendHandover(sent: Sent): Promise<void> {
    const answer = await this.client.call('POST', '/admin/sales-managers/collect', {
      token: this.adminToken,
      headers: { 'idempotency-key': sent.key },
      body: { sales_manager_id: sent.buyerId, amount: sent.cents / 100, note: 'Kasaya teslim (yük)' },
    });
    this.settle(sent, answer);
  }

  private settle(
    sent: Sent,
    answer: Answer | undefined,
    effect?: (data: Answer['body']) => { orderId: string; cents: number },
  ): void {
    sent.status = answer?.status;
    sent.code = answer?.body?.code;
    if (answer && isOk(answer.status) && effect) Object.assign(sent, effect(answer.body.data));
  }

  /** As a client would once the system answers again: every unanswered request once more, same key. */
  private async resendUnanswered(): Promise<void> {
    const buyerOf = (id: string) => this.record.buyers.find((b) => b.id === id)!;
    for (const sent of this.record.purchases.filter((s) => s.status === undefined))
      await this.sendPurchase(buyerOf(sent.buyerId), sent);
    for (const sent of this.record.physicalOrders.filter((s) => s.status === undefined))
      await this.sendPhysicalOrder(buyerOf(sent.buyerId), sent);
    for (const sent of this.record.dealerCollections.filter((s) => s.status === undefined))
      await this.sendDealerCollection(sent);
    for (const sent of this.record.handovers.filter((s) => s.status === undefined)) await this.sendHandover(sent);
  }
}
