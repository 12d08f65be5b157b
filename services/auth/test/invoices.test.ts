import { randomUUID } from 'node:crypto';
import { DEMO_SELLER, type EventPayload, type EventType } from '@esim/contracts';
import { createDb, createEventBus, publish, publishMany, type EventBus } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { Knex } from 'knex';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../infra/src/mail-catcher';
import { demoInvoiceProvider } from '../src/invoices/demo-provider';
import { issueDueInvoices } from '../src/invoices/issuer';
import {
  InvoiceNotYet,
  InvoiceRefused,
  type InvoiceProvider,
  type InvoiceReturn,
  type InvoiceSale,
} from '../src/invoices/port';
import { chooseInvoiceProvider } from '../src/invoices/provider';
import { parasutInvoiceProvider } from '../src/invoices/parasut';
import { totalsOf, vatIncluded } from '../src/invoices/vat';
import { loadAuthConfig } from '../src/config';
import { bearer, seededSessions, startAuth, type AuthTestApp } from './support';

/**
 * e-Arşiv invoices end to end inside auth: the esim and physical-sim services' events through the
 * real event bus, the issuing loop against the demo provider (auth's own tables) and against fakes
 * of a third-party integrator that is busy or refuses, and the admin's and the buyer's routes.
 */
process.env.EVENTS_METRICS_LOG_MS = '0';

/**
 * A fake of an e-invoice integrator (a third party): answers "not yet" or refuses a set number of
 * times, then issues through the demo provider; counts what it was asked.
 */
class FakeIntegrator implements InvoiceProvider {
  readonly name = 'demo' as const;
  calls = 0;
  /** Every sale it was handed, as the issuing loop built it from the stored row. */
  sales: InvoiceSale[] = [];
  constructor(
    private readonly inner: InvoiceProvider,
    private readonly failures: Array<'not-yet' | 'refused' | 'network'>,
  ) {}
  private fail() {
    const next = this.failures.shift();
    if (next === 'not-yet') throw new InvoiceNotYet('e-Arşiv job still running');
    if (next === 'refused') throw new InvoiceRefused('VKN/TCKN geçersiz');
    if (next === 'network') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  }
  async issue(sale: InvoiceSale) {
    this.calls += 1;
    this.sales.push(sale);
    this.fail();
    return this.inner.issue(sale);
  }
  async issueReturn(ret: InvoiceReturn) {
    this.calls += 1;
    this.fail();
    return this.inner.issueReturn(ret);
  }
  pdf = (invoice: Parameters<InvoiceProvider['pdf']>[0]) => this.inner.pdf(invoice);
}

let app: AuthTestApp;
let mail: MailCatcher;
let tokens: Awaited<ReturnType<typeof seededSessions>>;
let customerId: string;
let dealerId: string;
const producers: Array<{ db: Knex; bus: EventBus }> = [];
const schemas = new Map<string, Knex>();
const fast = { retryBaseMs: 1, retryMaxMs: 5 };

async function emit<T extends EventType>(schema: 'esim' | 'physical_sim', type: T, payload: EventPayload<T>) {
  await schemas
    .get(schema)!
    .transaction((trx) => publish(trx, schema.replace('_', '-'), { type, aggregateId: randomUUID(), payload }));
}

function receipt(overrides: Partial<EventPayload<'esim.order.receipt'>> = {}): EventPayload<'esim.order.receipt'> {
  return {
    orderId: randomUUID(),
    orderNumber: `ES-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    userId: customerId,
    locale: 'tr',
    completedAt: new Date().toISOString(),
    seller: DEMO_SELLER,
    packageCode: 'TR-7D-3GB',
    packageNameTr: 'Türkiye 3 GB',
    packageNameEn: 'Turkey 3 GB',
    planTitleTr: 'Türkiye 3 GB · 7 gün',
    planTitleEn: 'Turkey 3 GB · 7 days',
    dataMb: 3072,
    validityDays: 7,
    quantity: 1,
    unitPriceCents: 1999,
    totalCents: 1999,
    paidByCardCents: 1999,
    cardPaymentReference: 'pay-1',
    agreementVersion: '1',
    agreementText: 'Mesafeli satış sözleşmesi',
    ...overrides,
  };
}

const invoiceOf = (saleId: string, kind: 'invoice' | 'return' = 'invoice') =>
  app.db('invoices').where({ sale_id: saleId, kind }).first();

/** Emits a receipt and waits for its pending invoice row. */
async function sale(overrides: Partial<EventPayload<'esim.order.receipt'>> = {}) {
  const payload = receipt(overrides);
  await emit('esim', 'esim.order.receipt', payload);
  const row = await waitFor(() => invoiceOf(payload.orderId), { what: 'the pending invoice' });
  return { payload, row };
}

const demo = () => demoInvoiceProvider(app.db, async () => DEMO_SELLER);

/** A PDF's text as a reader extracts it, runs of white space made one. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

beforeAll(async () => {
  mail = await startMailCatcher();
  app = await startAuth({ SMTP_URL: mail.smtpUrl });
  tokens = await seededSessions(app);
  customerId = (await app.db('users').where({ email: 'customer@esim.test' }).first('id')).id;
  dealerId = (await app.db('users').where({ email: 'dealer@esim.test' }).first('id')).id;
  for (const [service, schema] of [
    ['esim', 'esim'],
    ['physical-sim', 'physical_sim'],
  ] as const) {
    const db = createDb(app.config.DATABASE_URL, schema, 2);
    const bus = createEventBus({ service, db, config: app.config, settings: { metricsLogIntervalMs: 0 } });
    await bus.start();
    producers.push({ db, bus });
    schemas.set(schema, db);
  }
  await app.events.start();
});

afterAll(async () => {
  for (const { bus, db } of producers) {
    await bus.stop();
    await db.destroy();
  }
  await app.close();
  await mail.stop();
});

describe('recording sales', () => {
  it('writes one pending invoice for a receipt, even when the sale is announced twice', async () => {
    const payload = receipt();
    await emit('esim', 'esim.order.receipt', payload);
    await emit('esim', 'esim.order.receipt', payload);
    // Both deliveries are handled (two receipt mails) before the rows are counted.
    await waitFor(
      async () => (await mail.messages()).filter((m) => m.subject.includes(payload.orderNumber)).length >= 2,
      {
        what: 'both receipt mails',
      },
    );
    const rows = await app.db('invoices').where({ sale_id: payload.orderId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'invoice',
      status: 'pending',
      sale_type: 'esim',
      sale_number: payload.orderNumber,
      account_id: customerId,
      currency: 'EUR',
      attempts: 0,
    });
    expect(rows[0].buyer).toMatchObject({ email: 'customer@esim.test' });
    expect(rows[0].lines).toEqual([
      { description: 'Türkiye 3 GB · 7 gün (Türkiye 3 GB, TR-7D-3GB)', quantity: 1, unitPriceCents: 1999, vatRate: 20 },
    ]);
  });

  it('keeps VAT in integer cents, VAT included, per line, at the rate of the sale type', async () => {
    expect(vatIncluded(1999, 20)).toBe(333); // 333.17
    expect(vatIncluded(1000, 20)).toBe(167); // 166.67
    expect(vatIncluded(1000, 0)).toBe(0);
    expect(vatIncluded(1, 20)).toBe(0);
    expect(
      totalsOf([
        { description: 'a', quantity: 3, unitPriceCents: 999, vatRate: 20 },
        { description: 'b', quantity: 1, unitPriceCents: 500, vatRate: 10 },
      ]),
    ).toEqual({ totalCents: 3497, vatCents: 500 + 45 });

    const { row } = await sale({ quantity: 3, unitPriceCents: 999, totalCents: 2997 });
    expect(Number(row.total_cents)).toBe(2997);
    expect(Number(row.vat_cents)).toBe(500); // 2997 * 20 / 120 = 499.5

    // A top-up takes the top-up rate the admin set; sales recorded before keep theirs.
    const put = await app.inject({
      method: 'PUT',
      url: '/admin/invoices/settings',
      headers: bearer(tokens.admin),
      payload: { vat_top_up: 10 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ vat_esim: 20, vat_top_up: 10, vat_physical_sim: 20 });
    const topUp = await sale({ topUp: true, unitPriceCents: 1100, totalCents: 1100 });
    expect(topUp.row).toMatchObject({ sale_type: 'top_up' });
    expect(Number(topUp.row.vat_cents)).toBe(100);
    expect(Number((await invoiceOf(row.sale_id)).vat_cents)).toBe(500);
    // The write is in the audit log like every admin write.
    const audit = await app.db('audit_log').where({ route: '/admin/invoices/settings' }).first();
    expect(audit).toBeTruthy();
  });

  it('records an approved Plus card order of a dealer as a physical-SIM sale', async () => {
    const orderId = randomUUID();
    await emit('physical_sim', 'physical-sim.order.approved', {
      orderId,
      userId: dealerId,
      amountCents: 4500,
      holdId: null,
    });
    const row = await waitFor(() => invoiceOf(orderId), { what: 'the Plus order invoice' });
    expect(row).toMatchObject({ sale_type: 'physical_sim', status: 'pending', account_id: dealerId });
    expect(Number(row.vat_cents)).toBe(750);
  });

  it('gives a Plus order invoice the package and quantity its approval names', async () => {
    const orderId = randomUUID();
    await emit('physical_sim', 'physical-sim.order.approved', {
      orderId,
      userId: dealerId,
      amountCents: 3 * 1500,
      holdId: 'hold-1',
      item: { nameTr: 'Avrupa Plus 10 GB', nameEn: 'Europe Plus 10 GB', quantity: 3, unitPriceCents: 1500 },
    });
    const row = await waitFor(() => invoiceOf(orderId), { what: 'the Plus order invoice' });
    expect(row.lines).toEqual([
      expect.objectContaining({
        description: 'Avrupa Plus 10 GB (eUICC fiziksel SIM kartı, Plus)',
        quantity: 3,
        unitPriceCents: 1500,
      }),
    ]);
  });

  /** What esim's completion event says of a sale: the shared order fields and the sale's facts. */
  function completed(
    userId: string,
    overrides: Partial<EventPayload<'esim.order.completed'>> = {},
  ): EventPayload<'esim.order.completed'> {
    return {
      orderId: randomUUID(),
      userId,
      amountCents: 3 * 1499,
      holdId: randomUUID(),
      orderNumber: `ES-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      locale: 'tr',
      completedAt: new Date().toISOString(),
      packageCode: 'EU-15D-5GB',
      packageNameTr: 'Avrupa 5 GB',
      packageNameEn: 'Europe 5 GB',
      planTitleTr: 'Avrupa 5 GB · 15 gün',
      planTitleEn: 'Europe 5 GB · 15 days',
      quantity: 3,
      unitPriceCents: 1499,
      topUp: false,
      ...overrides,
    };
  }

  it("records a dealer's own completed eSIM order once, its lines and its company as the buyer, paid from its balance", async () => {
    await app
      .db('dealer_profiles')
      .where({ user_id: dealerId })
      .update({ tax_number: '1234567890', tax_office: 'Beşiktaş' });
    const dealer = await app.db('dealer_profiles').where({ user_id: dealerId }).first();
    const order = completed(dealerId);
    await emit('esim', 'esim.order.completed', order);
    await emit('esim', 'esim.order.completed', order);
    const row = await waitFor(() => invoiceOf(order.orderId), { what: "the dealer's eSIM invoice" });
    // A later sale's invoice shows the second delivery was handled before the rows are counted.
    await sale();
    expect(await app.db('invoices').where({ sale_id: order.orderId })).toHaveLength(1);
    expect(row).toMatchObject({
      sale_type: 'esim',
      sale_number: order.orderNumber,
      account_id: dealerId,
      status: 'pending',
      total_cents: 3 * 1499,
    });
    expect(row.lines).toEqual([
      expect.objectContaining({
        description: 'Avrupa 5 GB · 15 gün (Avrupa 5 GB, EU-15D-5GB)',
        quantity: 3,
        unitPriceCents: 1499,
      }),
    ]);
    expect(row.buyer).toMatchObject({
      name: dealer.company_name,
      taxNumber: '1234567890',
      taxOffice: 'Beşiktaş',
      address: dealer.address,
    });
    expect(row.payment).toMatchObject({ type: 'balance', platform: null });
    // The document keeps the buyer as it was at the sale: a later change of tax office does not rewrite it.
    await app.db('dealer_profiles').where({ user_id: dealerId }).update({ tax_office: 'Kadıköy' });
    const answer = await get(`/admin/invoices/${row.id}`, tokens.admin);
    expect(answer.json().data).toMatchObject({ buyer_tax_number: '1234567890', buyer_tax_office: 'Beşiktaş' });

    // A dealer's top-up is invoiced as one, in the order's language.
    const topUp = completed(dealerId, {
      topUp: true,
      quantity: 1,
      unitPriceCents: 900,
      amountCents: 900,
      locale: 'en',
    });
    await emit('esim', 'esim.order.completed', topUp);
    const topUpRow = await waitFor(() => invoiceOf(topUp.orderId), { what: "the dealer's top-up invoice" });
    expect(topUpRow).toMatchObject({ sale_type: 'top_up', locale: 'en' });
    expect(topUpRow.lines[0].description).toBe('Europe 5 GB · 15 days (Europe 5 GB, EU-15D-5GB)');
  });

  it("records nothing from the completion of a consumer's order (its receipt does) nor from an event without the sale's facts", async () => {
    const retail = completed(customerId);
    const older = { orderId: randomUUID(), userId: dealerId, amountCents: 1999, holdId: null };
    await emit('esim', 'esim.order.completed', retail);
    await emit('esim', 'esim.order.completed', older);
    // A later sale's invoice shows both events were handled before, in stream order.
    expect((await sale()).row).toBeTruthy();
    expect(await app.db('invoices').whereIn('sale_id', [retail.orderId, older.orderId])).toHaveLength(0);
  });

  it("takes a run of completions at once: each dealer's order invoiced and queued for its webhook, the others not", async () => {
    const [endpoint] = await app
      .db('webhook_endpoints')
      .insert({ dealer_id: dealerId, url: 'http://127.0.0.1:1/run', events: ['order.completed'], secret: 'whsec_run' })
      .returning('id');
    const run = [
      completed(dealerId),
      completed(customerId),
      completed(dealerId, { locale: 'en' }),
      completed(dealerId),
    ];
    // One transaction: the consumer is handed the four as one run of the type.
    await schemas.get('esim')!.transaction((trx) =>
      publishMany(
        trx,
        'esim',
        run.map((payload) => ({ type: 'esim.order.completed' as const, aggregateId: payload.orderId, payload })),
      ),
    );
    const dealers = [run[0]!, run[2]!, run[3]!];
    await waitFor(
      async () =>
        (
          await app.db('invoices').whereIn(
            'sale_id',
            dealers.map((o) => o.orderId),
          )
        ).length === 3,
      {
        what: "the run's dealer invoices",
      },
    );
    expect(await invoiceOf(run[1]!.orderId)).toBeUndefined();
    expect((await invoiceOf(run[2]!.orderId)).locale).toBe('en');
    const queued = await app.db('webhook_deliveries').where({ endpoint_id: endpoint.id }).select('payload');
    expect(queued.map((row) => row.payload.data.order_id).sort()).toEqual(dealers.map((o) => o.orderId).sort());
  });
});

describe('issuing', () => {
  it('issues a pending invoice once with the demo provider, even with two loops racing', async () => {
    const { payload } = await sale();
    const provider = demo();
    const [a, b] = await Promise.all([
      issueDueInvoices(app.db, provider, { ...fast, owner: 'copy-a' }),
      issueDueInvoices(app.db, provider, { ...fast, owner: 'copy-b' }),
    ]);
    const row = await invoiceOf(payload.orderId);
    expect(row).toMatchObject({ status: 'issued', provider: 'demo', attempts: 1, last_error: null, lease_owner: null });
    expect(row.number).toMatch(/^DEM2026\d{9}$/);
    expect(row.issued_at).toBeInstanceOf(Date);
    const documents = await app.db('demo_invoice_documents').where({ key: `sale:${payload.orderId}` });
    expect(documents).toHaveLength(1);
    expect(documents[0].id).toBe(row.provider_id);
    // Every row due was taken by exactly one of the two copies.
    const issuedNow = await app.db('invoices').where({ status: 'issued' }).count({ n: '*' });
    expect(a.issued + b.issued).toBe(Number(issuedNow[0]!.n));
  });

  it('numbers demo documents in sequence and answers the same document for the same sale', async () => {
    const provider = demo();
    const base: Omit<InvoiceSale, 'saleId'> = {
      saleNumber: 'ES-X',
      issuedAt: new Date(),
      currency: 'EUR',
      buyer: {
        accountId: customerId,
        name: 'Müşteri',
        email: 'c@example.com',
        taxNumber: null,
        city: null,
        address: null,
      },
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 1200, vatRate: 20 }],
      payment: { type: 'card', platform: 'iyzico', paidAt: new Date() },
      url: 'http://localhost:8080/order/x',
    };
    const first = await provider.issue({ ...base, saleId: 'seq-1' });
    const second = await provider.issue({ ...base, saleId: 'seq-2' });
    expect(Number(second.number.slice(7))).toBe(Number(first.number.slice(7)) + 1);
    expect(await provider.issue({ ...base, saleId: 'seq-1' })).toEqual(first);
    expect(first).toMatchObject({ totalCents: 1200, vatCents: 200 });
  });

  it("prints a company buyer's tax office beside its tax number on the demo PDF, and none for a consumer", async () => {
    const provider = demo();
    const base: Omit<InvoiceSale, 'saleId' | 'buyer'> = {
      saleNumber: 'ES-VD',
      issuedAt: new Date(),
      currency: 'EUR',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 1200, vatRate: 20 }],
      payment: { type: 'balance', platform: null, paidAt: new Date() },
      url: 'http://localhost:8080/order/vd',
    };
    const company = await provider.issue({
      ...base,
      saleId: `vd-${randomUUID()}`,
      buyer: {
        accountId: dealerId,
        name: 'Deniz Telekom Ltd. Şti.',
        email: 'dealer@esim.test',
        taxNumber: '1234567890',
        taxOffice: 'Beşiktaş',
        city: null,
        address: null,
      },
    });
    const companyText = await pdfText(await provider.pdf(company));
    expect(companyText).toContain('VKN / TCKN: 1234567890 Vergi dairesi / Tax office: Beşiktaş');

    const consumer = await provider.issue({
      ...base,
      saleId: `vd-${randomUUID()}`,
      buyer: {
        accountId: customerId,
        name: 'Can Müşteri',
        email: 'c@example.com',
        taxNumber: null,
        city: null,
        address: null,
      },
    });
    const consumerText = await pdfText(await provider.pdf(consumer));
    expect(consumerText).toContain('VKN / TCKN: 11111111111');
    expect(consumerText).not.toContain('Vergi dairesi / Tax office');
  });

  it('retries a provider that is not ready twice, then issues the invoice once', async () => {
    const { payload } = await sale();
    const fake = new FakeIntegrator(demo(), ['not-yet', 'network']);
    await issueDueInvoices(app.db, fake, { ...fast, owner: 'one' });
    let row = await invoiceOf(payload.orderId);
    // The pass took the row while it was due; a row put off waits for its next_attempt_at.
    for (let i = 0; i < 20 && row.status === 'pending'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await issueDueInvoices(app.db, fake, { ...fast, owner: 'one' });
      row = await invoiceOf(payload.orderId);
    }
    expect(row).toMatchObject({ status: 'issued', attempts: 3, last_error: null });
    expect(fake.calls).toBe(3);
    // The payment's date was stored as JSON text; a provider gets a Date it can format (Paraşüt's payment_date).
    expect(fake.sales[2]!.payment.paidAt).toBeInstanceOf(Date);
    expect(fake.sales[2]!.payment.paidAt.getTime()).toBe(new Date(payload.completedAt).getTime());
    expect(await app.db('demo_invoice_documents').where({ key: `sale:${payload.orderId}` })).toHaveLength(1);
  });

  it('marks a refused invoice failed with its reason, and "issue again" retries it', async () => {
    const { payload, row: pending } = await sale();
    const fake = new FakeIntegrator(demo(), ['refused']);
    await issueDueInvoices(app.db, fake, fast);
    expect(await invoiceOf(payload.orderId)).toMatchObject({ status: 'failed', last_error: 'VKN/TCKN geçersiz' });
    // A failed row stays failed: the loop does not take it again on its own.
    await issueDueInvoices(app.db, fake, fast);
    expect(fake.calls).toBe(1);

    const retry = () =>
      app.inject({ method: 'POST', url: `/admin/invoices/${pending.id}/retry`, headers: bearer(tokens.admin) });
    const first = await retry();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'pending', last_error: 'VKN/TCKN geçersiz' });
    expect((await retry()).json().data.status).toBe('pending');
    await issueDueInvoices(app.db, fake, fast);
    const issued = await invoiceOf(payload.orderId);
    expect(issued).toMatchObject({ status: 'issued', last_error: null });
    // Issue again on an issued document changes nothing.
    const again = await retry();
    expect(again.json().data).toMatchObject({ status: 'issued', number: issued.number });
    expect(fake.calls).toBe(2);
  });

  it('writes a return document for a refund and issues it only after its invoice', async () => {
    const { payload } = await sale();
    const esimId = randomUUID();
    await emit('esim', 'esim.order.refunded', {
      orderId: payload.orderId,
      userId: customerId,
      esimId,
      iccid: '8990000000000000001',
      amountCents: 1999,
      refundedBy: customerId,
      reason: null,
      orderNumber: payload.orderNumber,
      planTitleTr: 'Türkiye 3 GB · 7 gün',
      locale: 'tr',
      toCardCents: 1999,
      toBalanceCents: 0,
    });
    const ret = await waitFor(() => invoiceOf(payload.orderId, 'return'), { what: 'the return document' });
    const invoice = await invoiceOf(payload.orderId);
    expect(ret).toMatchObject({ status: 'pending', invoice_id: invoice.id, return_id: `esim-refund:${esimId}` });
    expect(Number(ret.vat_cents)).toBe(333);

    // The invoice cannot go out yet: the return waits for it and is not even tried.
    const busy = new FakeIntegrator(demo(), ['not-yet']);
    await issueDueInvoices(app.db, busy, { retryBaseMs: 60_000, retryMaxMs: 60_000 });
    expect(await invoiceOf(payload.orderId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await invoiceOf(payload.orderId, 'return')).toMatchObject({ status: 'pending', attempts: 0 });

    await app.db('invoices').where({ id: invoice.id }).update({ next_attempt_at: app.db.fn.now() });
    await issueDueInvoices(app.db, demo(), fast);
    const issuedInvoice = await invoiceOf(payload.orderId);
    const issuedReturn = await invoiceOf(payload.orderId, 'return');
    expect(issuedInvoice.status).toBe('issued');
    expect(issuedReturn).toMatchObject({ status: 'issued', attempts: 1 });
    expect(issuedReturn.number).not.toBe(issuedInvoice.number);
    const document = await app.db('demo_invoice_documents').where({ id: issuedReturn.provider_id }).first();
    expect(document.document).toMatchObject({ kind: 'return', invoiceNumber: issuedInvoice.number });
  });

  it('writes no return document for a refund of a sale without an invoice', async () => {
    const orderId = randomUUID();
    await emit('esim', 'esim.order.refunded', {
      orderId,
      userId: dealerId,
      esimId: randomUUID(),
      iccid: '8990000000000000002',
      amountCents: 500,
      refundedBy: dealerId,
      reason: null,
    });
    // A later sale's invoice shows the refund event before it was handled, in stream order.
    const later = await sale();
    expect(later.row).toBeTruthy();
    expect(await app.db('invoices').where({ sale_id: orderId })).toHaveLength(0);
  });
});

describe('routes', () => {
  it("gives the buyer their order's invoice once issued, and its PDF; nobody else", async () => {
    const { payload, row } = await sale();
    const link = () => get(`/user/orders/${payload.orderId}/invoice`, tokens.customer);
    expect((await link()).statusCode).toBe(404);
    expect((await get(`/user/invoices/${row.id}/pdf`, tokens.customer)).statusCode).toBe(404);

    await issueDueInvoices(app.db, demo(), fast);
    const answer = await link();
    expect(answer.statusCode).toBe(200);
    const invoice = answer.json().data;
    expect(invoice).toMatchObject({ id: row.id, sale_number: payload.orderNumber, total: 19.99, total_cents: 1999 });
    expect(invoice.number).toMatch(/^DEM/);
    expect(invoice.pdf_path).toBe(`/user/invoices/${row.id}/pdf`);

    const pdf = await get(invoice.pdf_path, tokens.customer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain(invoice.number);

    // Another buyer: no link and no PDF, as if there were none.
    expect((await get(`/user/orders/${payload.orderId}/invoice`, tokens.dealer)).statusCode).toBe(404);
    expect((await get(invoice.pdf_path, tokens.dealer)).statusCode).toBe(404);
    // The admin reads it from the back office.
    const adminPdf = await get(`/admin/invoices/${row.id}/pdf`, tokens.admin);
    expect(adminPdf.statusCode).toBe(200);
  });

  it('lists documents for admins only, filtered, searched, sorted and paged', async () => {
    const { payload } = await sale();
    await issueDueInvoices(app.db, demo(), fast);
    const issued = await invoiceOf(payload.orderId);

    expect((await get('/admin/invoices', tokens.customer)).statusCode).toBe(403);
    expect((await get('/admin/invoices', tokens.sales)).statusCode).toBe(403);
    expect((await get('/admin/invoices/settings', tokens.customer)).statusCode).toBe(403);
    expect((await get(`/admin/invoices/${issued.id}`, tokens.dealer)).statusCode).toBe(403);

    const all = await get('/admin/invoices?sort=["created_at","DESC"]&range=[0,0]', tokens.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(1);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThan(1);

    const byNumber = await get(
      `/admin/invoices?filter=${encodeURIComponent(JSON.stringify({ q: issued.number }))}`,
      tokens.admin,
    );
    expect(byNumber.json().data.map((i: { id: string }) => i.id)).toEqual([issued.id]);
    const bySale = await get(`/admin/invoices?search=${payload.orderNumber}`, tokens.admin);
    expect(bySale.json().data.map((i: { id: string }) => i.id)).toEqual([issued.id]);

    const failed = await get('/admin/invoices?status=failed&sale_type=esim', tokens.admin);
    expect(failed.json().data.every((i: { status: string }) => i.status === 'failed')).toBe(true);
    const plus = await get(
      `/admin/invoices?filter=${encodeURIComponent('{"sale_type":"physical_sim"}')}`,
      tokens.admin,
    );
    expect(plus.json().data.length).toBeGreaterThan(0);
    expect(plus.json().data.every((i: { sale_type: string }) => i.sale_type === 'physical_sim')).toBe(true);

    const one = await get(`/admin/invoices/${issued.id}`, tokens.admin);
    expect(one.json().data).toMatchObject({ id: issued.id, status: 'issued', total: 19.99, vat: 3.33, vat_cents: 333 });
    expect(one.json().data.lines[0]).toMatchObject({ vat_rate: 20, vat_cents: 333, total_cents: 1999 });
    expect((await get(`/admin/invoices/${randomUUID()}`, tokens.admin)).statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx naming the field, in the caller language, changing nothing', async () => {
    const before = await app.db('invoice_settings').first();
    const put = (payload: object, lang = 'tr') =>
      app.inject({
        method: 'PUT',
        url: '/admin/invoices/settings',
        headers: { ...bearer(tokens.admin), 'accept-language': lang },
        payload,
      });
    const tr = await put({ vat_esim: 150 });
    expect(tr.statusCode).toBe(400);
    expect(tr.json().errors ?? tr.json().data?.errors).toBeDefined();
    expect(JSON.stringify(tr.json())).toContain('vat_esim');
    expect(JSON.stringify(tr.json())).toContain('KDV oranı');
    const en = await put({ vat_top_up: 7.5 }, 'en');
    expect(en.statusCode).toBe(400);
    expect(JSON.stringify(en.json())).toContain('vat_top_up');
    expect(JSON.stringify(en.json())).toContain('The VAT rate must be');
    expect((await put({ vat_esim: 'yirmi' })).statusCode).toBe(400);
    expect((await put({ surprise: 1 })).statusCode).toBe(400);
    expect(await app.db('invoice_settings').first()).toEqual(before);

    const status = await get('/admin/invoices?status=bogus', tokens.admin, { 'accept-language': 'en' });
    expect(status.statusCode).toBe(400);
    expect(JSON.stringify(status.json())).toContain('status');
    const saleType = await get('/admin/invoices?sale_type=car', tokens.admin);
    expect(saleType.statusCode).toBe(400);
    expect(JSON.stringify(saleType.json())).toContain('sale_type');
    const id = await app.inject({ method: 'POST', url: '/admin/invoices/nope/retry', headers: bearer(tokens.admin) });
    expect(id.statusCode).toBe(400);
    expect(JSON.stringify(id.json())).toContain('id');
    expect((await get('/user/orders/nope/invoice', tokens.customer)).statusCode).toBe(400);
  });
});

describe('configuration', () => {
  it('uses the demo provider in demo mode and refuses to start production without a real one', () => {
    const config = (env: Record<string, string>) =>
      loadAuthConfig({ ...process.env, INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters-xx', ...env });
    expect(chooseInvoiceProvider(config({ APP_MODE: 'demo' }), app.db).name).toBe('demo');
    expect(() => chooseInvoiceProvider(config({ APP_MODE: 'production' }), app.db)).toThrow(/INVOICE_PROVIDER/);
    expect(() => chooseInvoiceProvider(config({ APP_MODE: 'production', INVOICE_PROVIDER: 'demo' }), app.db)).toThrow(
      /INVOICE_PROVIDER/,
    );
    // Paraşüt is built from the same settings; without its credentials it stops the start too.
    const parasut = (env: Record<string, string>) => {
      const c = config({ APP_MODE: 'production', INVOICE_PROVIDER: 'parasut', ...env });
      return chooseInvoiceProvider(c, app.db, { parasut: () => parasutInvoiceProvider(c, { redis: app.redis }) });
    };
    expect(() => parasut({})).toThrow(/PARASUT_CLIENT_ID/);
    const credentials = {
      PARASUT_CLIENT_ID: 'id',
      PARASUT_CLIENT_SECRET: 'secret',
      PARASUT_USERNAME: 'api@example.com',
      PARASUT_PASSWORD: 'password',
      PARASUT_COMPANY_ID: '123',
    };
    expect(parasut(credentials).name).toBe('parasut');
  });
});
