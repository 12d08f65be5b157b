import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@esim/platform';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeParasut, type FakeParasut } from '../../../infra/src/fakes/parasut';
import { InvoiceNotYet, InvoiceRefused, type InvoiceSale, type IssuedInvoice } from '../src/invoices/port';
import {
  parasutConfigSchema,
  parasutInvoiceProvider,
  parasutSettings,
  splitGross,
  type ParasutConfig,
  type ParasutDeps,
} from '../src/invoices/parasut';

/**
 * The Paraşüt invoicing adapter (src/invoices/parasut) against the fake Paraşüt
 * (infra/src/fakes/parasut.ts, built from Paraşüt's public API v4 docs) on this file's Redis prefix:
 * issuing once whatever is lost on the way, the shared rotating token, faults and refusals, the
 * documented request shape, the return document and the PDF.
 */
const CREDENTIALS = {
  clientId: 'fake-parasut-client',
  clientSecret: 'fake-parasut-secret-0123456789',
  username: 'muhasebe@esim.test',
  password: 'fake-password',
  companyId: '4242',
};

let fake: FakeParasut;
let redis: Redis;
let config: ParasutConfig;

beforeAll(async () => {
  fake = await startFakeParasut({ ...CREDENTIALS, jobPolls: 1, jobSeconds: 0.3 });
  redis = createRedis(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);
  config = parasutConfigSchema.parse({
    PARASUT_CLIENT_ID: CREDENTIALS.clientId,
    PARASUT_CLIENT_SECRET: CREDENTIALS.clientSecret,
    PARASUT_USERNAME: CREDENTIALS.username,
    PARASUT_PASSWORD: CREDENTIALS.password,
    PARASUT_COMPANY_ID: CREDENTIALS.companyId,
    PARASUT_BASE_URL: fake.url,
  });
});
afterAll(async () => {
  await fake?.close();
  redis?.disconnect();
});
beforeEach(() => {
  fake.clearFaults();
});

const provider = (deps: Partial<ParasutDeps> = {}) =>
  parasutInvoiceProvider(config, { redis, timeoutMs: 2_000, jobWaitMs: 1_000, jobPollMs: 20, ...deps });

function sale(overrides: Partial<InvoiceSale> = {}): InvoiceSale {
  const id = randomUUID();
  return {
    saleId: id,
    saleNumber: `ES-2026-${id.slice(0, 6)}`,
    issuedAt: new Date('2026-03-01T09:00:00Z'),
    currency: 'EUR',
    buyer: {
      accountId: `acc-${id}`,
      name: 'Ayşe Yılmaz',
      email: `ayse-${id.slice(0, 8)}@example.com`,
      taxNumber: null,
      city: 'İstanbul',
      address: null,
    },
    lines: [
      { description: 'Türkiye 3 GB · 7 gün (TR-7D-3GB)', quantity: 2, unitPriceCents: 1499, vatRate: 20 },
      { description: 'Almanya 1 GB · 7 gün (DE-7D-1GB)', quantity: 1, unitPriceCents: 499, vatRate: 10 },
    ],
    payment: { type: 'card', platform: 'iyzico', paidAt: new Date('2026-03-01T08:59:00Z') },
    url: `https://shop.example/orders/${id}`,
    ...overrides,
  };
}

const calls = (method: string, path: string) => fake.requests().filter((r) => r.method === method && r.path === path);
const invoicesOf = (saleId: string) => fake.salesInvoices().filter((i) => i.description.includes(`[sale:${saleId}]`));

describe('Paraşüt adapter: settings', () => {
  it('is off with no settings and refuses to build with half of them, naming what is missing', () => {
    expect(parasutSettings(parasutConfigSchema.parse({}))).toBeNull();
    expect(() => parasutInvoiceProvider(parasutConfigSchema.parse({}), { redis })).toThrow(/not configured/);
    expect(() =>
      parasutInvoiceProvider({ PARASUT_CLIENT_ID: 'x', PARASUT_USERNAME: 'u', PARASUT_BASE_URL: fake.url }, { redis }),
    ).toThrow('set PARASUT_CLIENT_SECRET, PARASUT_PASSWORD, PARASUT_COMPANY_ID as well');
  });

  it('splits VAT-included cents into a net whose VAT adds back up, with no float', () => {
    expect(splitGross(2998, 20)).toEqual({ netCents: 2498, vatCents: 500 });
    expect(splitGross(499, 10)).toEqual({ netCents: 454, vatCents: 45 });
    expect(splitGross(1200, 20)).toEqual({ netCents: 1000, vatCents: 200 });
  });
});

describe('Paraşüt adapter: issuing', () => {
  it('sends the documented sales invoice and e-archive shapes and issues a sale once when asked twice', async () => {
    const s = sale();
    const first = await provider().issue(s);
    expect(first).toEqual({
      providerId: expect.any(String),
      number: expect.stringMatching(/^PRS2026\d{9}$/),
      totalCents: 2 * 1499 + 499,
      vatCents: 500 + 45,
    });
    expect(await provider().issue(s)).toEqual(first);
    expect(invoicesOf(s.saleId)).toHaveLength(1);
    expect(fake.eArchives().filter((a) => a.salesInvoiceId === first.providerId)).toHaveLength(1);

    const contact = fake.contacts().find((c) => c.attributes.email === s.buyer.email)!;
    expect(contact.attributes).toMatchObject({
      name: 'Ayşe Yılmaz',
      contact_type: 'person',
      account_type: 'customer',
      tax_number: '11111111111',
      city: 'İstanbul',
    });
    // A consumer has no tax office: none is sent.
    expect(contact.attributes).not.toHaveProperty('tax_office');
    const posted = calls('POST', '/sales_invoices').find((r) => JSON.stringify(r.body).includes(s.saleId))!;
    expect(posted.contentType).toBe('application/vnd.api+json');
    expect(posted.body).toEqual({
      data: {
        type: 'sales_invoices',
        attributes: {
          item_type: 'invoice',
          description: `${s.saleNumber} [sale:${s.saleId}]`,
          issue_date: '2026-03-01',
          currency: 'EUR',
        },
        relationships: {
          contact: { data: { id: contact.id, type: 'contacts' } },
          details: {
            data: [
              {
                type: 'sales_invoice_details',
                attributes: { quantity: 2, unit_price: 12.49, vat_rate: 20, description: s.lines[0]!.description },
              },
              {
                type: 'sales_invoice_details',
                attributes: { quantity: 1, unit_price: 4.54, vat_rate: 10, description: s.lines[1]!.description },
              },
            ],
          },
        },
      },
    });
    const archived = calls('POST', '/e_archives').find((r) =>
      JSON.stringify(r.body).includes(`"id":"${first.providerId}"`),
    )!;
    expect(archived.body).toEqual({
      data: {
        type: 'e_archives',
        attributes: {
          internet_sale: {
            url: s.url,
            payment_type: 'KREDIKARTI/BANKAKARTI',
            payment_platform: 'iyzico',
            payment_date: '2026-03-01',
          },
        },
        relationships: { sales_invoice: { data: { id: first.providerId, type: 'sales_invoices' } } },
      },
    });
  });

  it('issues once when Paraşüt did the work but the answer was lost (sales invoice, then e-archive)', async () => {
    const s = sale();
    fake.addFault({ kind: 'drop', path: '/sales_invoices', method: 'POST', times: 1 });
    await expect(provider().issue(s)).rejects.toBeInstanceOf(InvoiceNotYet);
    expect(invoicesOf(s.saleId)).toHaveLength(1);

    fake.addFault({ kind: 'drop', path: '/e_archives', method: 'POST', times: 1 });
    await expect(provider().issue(s)).rejects.toBeInstanceOf(InvoiceNotYet);
    // Asked again while Paraşüt still makes the e-archive it was asked for: no second one, come back later.
    await expect(provider().issue(s)).rejects.toThrow(/zaten oluşturulmuş ya da oluşturuluyor/);
    await new Promise((resolve) => setTimeout(resolve, 350));
    const issued = await provider().issue(s);
    expect(invoicesOf(s.saleId)).toHaveLength(1);
    expect(fake.eArchives().filter((a) => a.salesInvoiceId === issued.providerId)).toHaveLength(1);
  });

  it('answers InvoiceNotYet while the e-archive job runs, then polls the same job', async () => {
    const s = sale();
    await expect(provider({ jobWaitMs: 0 }).issue(s)).rejects.toThrow(/still running/);
    const issued = await provider().issue(s);
    expect(
      calls('POST', '/e_archives').filter((r) => JSON.stringify(r.body).includes(`"id":"${issued.providerId}"`)),
    ).toHaveLength(1);
  });

  it('maps 5xx, 429 and a hang to InvoiceNotYet, and creates nothing then', async () => {
    const s = sale();
    fake.addFault({ kind: 'status', path: '/sales_invoices', method: 'GET', status: 502, times: 1 });
    await expect(provider().issue(s)).rejects.toBeInstanceOf(InvoiceNotYet);
    fake.addFault({ kind: 'rate-limit', path: '/sales_invoices', method: 'POST', times: 1 });
    await expect(provider().issue(s)).rejects.toBeInstanceOf(InvoiceNotYet);
    fake.addFault({ kind: 'hang', path: '/sales_invoices', method: 'GET', times: 1 });
    await expect(provider({ timeoutMs: 300 }).issue(s)).rejects.toThrow(/no answer in 300 ms/);
    expect(invoicesOf(s.saleId)).toHaveLength(0);
    await expect(provider().issue(s)).resolves.toMatchObject({ totalCents: 3497 });
  });

  it('maps a validation refusal and a failed e-archive job to InvoiceRefused', async () => {
    const bad = sale({ lines: [{ description: 'x', quantity: 1, unitPriceCents: 1000, vatRate: 19 }] });
    await expect(provider().issue(bad)).rejects.toThrow(InvoiceRefused);
    await expect(provider().issue(bad)).rejects.toThrow(/vat_rate/);

    const s = sale();
    fake.addFault({ kind: 'job-error', times: 1, message: 'GİB: alıcı bilgileri hatalı' });
    const refusal = await provider()
      .issue(s)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InvoiceRefused);
    expect((refusal as Error).message).toContain('GİB: alıcı bilgileri hatalı');
    // Once Paraşüt would accept it, the same sale is archived on the invoice made the first time.
    const issued = await provider().issue(s);
    expect(invoicesOf(s.saleId)).toHaveLength(1);
    expect(issued.number).toMatch(/^PRS/);
  });

  it('refuses a buyer registered for e-Fatura before making an invoice', async () => {
    fake.addInbox('1234567890');
    const s = sale();
    s.buyer.taxNumber = '1234567890';
    await expect(provider().issue(s)).rejects.toThrow(/registered for e-Fatura/);
    expect(invoicesOf(s.saleId)).toHaveLength(0);
  });

  it("sends a company buyer's tax office beside its tax number on the contact", async () => {
    const s = sale();
    s.buyer = { ...s.buyer, name: 'Deniz Telekom Ltd. Şti.', taxNumber: '9876543210', taxOffice: ' Kadıköy ' };
    const issued = await provider().issue(s);
    expect(issued.number).toMatch(/^PRS/);
    const posted = calls('POST', '/contacts').find((r) => JSON.stringify(r.body).includes(s.buyer.email))!;
    expect((posted.body as { data: { attributes: unknown } }).data.attributes).toMatchObject({
      name: 'Deniz Telekom Ltd. Şti.',
      contact_type: 'company',
      tax_number: '9876543210',
      tax_office: 'Kadıköy',
    });
  });
  it("writes a buyer's changed details to its contact before the next invoice, and asks nothing when they are unchanged", async () => {
    const first = sale();
    first.buyer = { ...first.buyer, name: 'Deniz Telekom Ltd. Şti.', taxNumber: '9876543210', taxOffice: 'Kadıköy' };
    await provider().issue(first);
    const contact = fake.contacts().find((c) => c.attributes.email === first.buyer.email)!;

    // The same buyer again: the cached contact, no contact call at all.
    fake.clearRequests();
    await provider().issue(sale({ buyer: first.buyer }));
    expect(fake.requests().filter((r) => r.path.startsWith('/contacts'))).toEqual([]);

    // The dealer moved and changed tax office: the contact says so before the invoice is made.
    const moved = { ...first.buyer, taxOffice: 'Beşiktaş', address: 'Barbaros Bulvarı 1', city: 'İstanbul' };
    fake.clearRequests();
    const later = sale({ buyer: moved });
    await provider().issue(later);
    const paths = fake.requests().map((r) => `${r.method} ${r.path}`);
    expect(paths.filter((p) => p.includes('/contacts'))).toEqual([`PUT /contacts/${contact.id}`]);
    expect(paths.indexOf(`PUT /contacts/${contact.id}`)).toBeLessThan(paths.indexOf('POST /sales_invoices'));
    const contacts = fake.contacts().filter((c) => c.attributes.email === first.buyer.email);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.attributes).toMatchObject({
      name: 'Deniz Telekom Ltd. Şti.',
      tax_number: '9876543210',
      tax_office: 'Beşiktaş',
      address: 'Barbaros Bulvarı 1',
    });
    const invoice = invoicesOf(later.saleId)[0]!;
    expect(invoice.contactId).toBe(contact.id);
  });

  it('makes the contact again when Paraşüt no longer has the cached one', async () => {
    const first = sale();
    await provider().issue(first);
    const cached = fake.contacts().find((c) => c.attributes.email === first.buyer.email)!;
    fake.removeContact(cached.id);
    fake.clearRequests();
    const again = sale({ buyer: { ...first.buyer, address: 'Yeni adres 5' } });
    await provider().issue(again);
    const remade = fake.contacts().find((c) => c.attributes.email === first.buyer.email)!;
    expect(remade.id).not.toBe(cached.id);
    expect(remade.attributes.address).toBe('Yeni adres 5');
    expect(invoicesOf(again.saleId)[0]!.contactId).toBe(remade.id);
  });
});

describe('Paraşüt adapter: token, return, PDF', () => {
  it('refreshes an expired token with the rotating refresh token, and a second process reuses the cached one', async () => {
    await provider().issue(sale());
    fake.clearRequests();
    fake.expireTokens();
    await provider().issue(sale());
    const tokenCalls = calls('POST', '/oauth/token');
    expect(tokenCalls.map((r) => r.body?.grant_type)).toEqual(['refresh_token']);
    const spent = String(tokenCalls[0]!.body!.refresh_token);
    const again = await fetch(`${fake.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: spent,
        client_id: CREDENTIALS.clientId,
        client_secret: CREDENTIALS.clientSecret,
      }),
    });
    expect(again.status).toBe(401);

    fake.clearRequests();
    await provider().issue(sale());
    expect(calls('POST', '/oauth/token')).toHaveLength(0);
    expect(fake.requests().every((r) => r.authorized)).toBe(true);
  });

  it('lets one of two processes refresh at a time, so the single-use refresh token is spent once', async () => {
    await provider().issue(sale());
    fake.clearRequests();
    fake.expireTokens();
    await Promise.all([provider().issue(sale()), provider().issue(sale()), provider().issue(sale())]);
    expect(calls('POST', '/oauth/token').map((r) => [r.body?.grant_type, r.status])).toEqual([['refresh_token', 200]]);
  });

  it('issues the return document once per return id, and downloads the PDFs', async () => {
    const s = sale();
    const invoice = await provider().issue(s);
    const ret = {
      returnId: randomUUID(),
      invoice,
      issuedAt: new Date('2026-03-02T10:00:00Z'),
      buyer: s.buyer,
      lines: [s.lines[1]!],
    };
    const returned: IssuedInvoice = await provider().issueReturn(ret);
    expect(await provider().issueReturn(ret)).toEqual(returned);
    expect(returned).toMatchObject({ totalCents: 499, vatCents: 45 });
    expect(returned.number).not.toBe(invoice.number);
    const refunds = fake.salesInvoices().filter((i) => i.description.includes(`[return:${ret.returnId}]`));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ itemType: 'refund', issueDate: '2026-03-02', currency: 'EUR' });
    expect(refunds[0]!.description).toContain(invoice.number);

    for (const document of [invoice, returned]) {
      const pdf = await provider().pdf(document);
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(pdf.toString('latin1')).toContain(document.number);
    }
  });
});
