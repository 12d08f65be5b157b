import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeParasut, type FakeParasut } from '../src/fakes/parasut';

/**
 * The fake Paraşüt itself (infra/src/fakes/parasut.ts), spoken to over plain HTTP as Paraşüt's API v4
 * documentation describes: what the adapter's tests (services/auth/test/parasut.test.ts) rely on.
 */
const CREDENTIALS = {
  clientId: 'fake-parasut-client',
  clientSecret: 'fake-parasut-secret',
  username: 'muhasebe@esim.test',
  password: 'fake-password',
  companyId: '4242',
};

/** Paraşüt's JSON as these tests read it: its shape is what they assert. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ParasutJson = any;

let fake: FakeParasut;
let api: string;
let token: string;

beforeAll(async () => {
  fake = await startFakeParasut({ ...CREDENTIALS, jobPolls: 1 });
  api = `${fake.url}/v4/${CREDENTIALS.companyId}`;
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.clearFaults();
});

const tokenCall = (fields: Record<string, string>) =>
  fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CREDENTIALS.clientId, client_secret: CREDENTIALS.clientSecret, ...fields }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as ParasutJson }));
const passwordGrant = (password = CREDENTIALS.password) =>
  tokenCall({
    grant_type: 'password',
    username: CREDENTIALS.username,
    password,
    redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
  });
const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/vnd.api+json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as ParasutJson };
};

const contactBody = (email: string, taxNumber = '11111111111') => ({
  data: {
    type: 'contacts',
    attributes: { name: 'Ayşe Yılmaz', email, contact_type: 'person', account_type: 'customer', tax_number: taxNumber },
  },
});
const invoiceBody = (contactId: string, description: string, attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'sales_invoices',
    attributes: { item_type: 'invoice', issue_date: '2026-03-01', currency: 'EUR', description, ...attributes },
    relationships: {
      contact: { data: { id: contactId, type: 'contacts' } },
      details: {
        data: [{ type: 'sales_invoice_details', attributes: { quantity: 1, unit_price: 10, vat_rate: 20 } }],
      },
    },
  },
});
const archiveBody = (invoiceId: string) => ({
  data: {
    type: 'e_archives',
    attributes: {
      internet_sale: {
        url: 'https://shop.example/orders/1',
        payment_type: 'KREDIKARTI/BANKAKARTI',
        payment_platform: 'iyzico',
        payment_date: '2026-03-01',
      },
    },
    relationships: { sales_invoice: { data: { id: invoiceId, type: 'sales_invoices' } } },
  },
});

describe('fake Paraşüt: OAuth', () => {
  it('grants by password, rotates refresh tokens, refuses bad credentials and missing or expired bearers', async () => {
    expect((await passwordGrant('wrong')).body.error).toBe('invalid_grant');
    const first = await passwordGrant();
    expect(first).toMatchObject({ status: 200, body: { token_type: 'bearer', expires_in: 7200 } });
    expect(typeof first.body.refresh_token).toBe('string');

    const rotated = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first.body.refresh_token);
    const reused = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
    expect(reused).toMatchObject({ status: 401, body: { error: 'invalid_grant' } });

    token = rotated.body.access_token;
    expect((await call('GET', '/contacts')).status).toBe(200);
    expect((await fetch(`${api}/contacts`)).status).toBe(401);
    fake.expireTokens();
    expect((await call('GET', '/contacts')).status).toBe(401);
    token = (await passwordGrant()).body.access_token;
  });
});

describe('fake Paraşüt: invoicing', () => {
  it('makes a contact, a sales invoice, an e-archive through a trackable job, and a PDF link that expires', async () => {
    const contact = await call('POST', '/contacts', contactBody('ayse@example.com'));
    expect(contact.status).toBe(201);
    const found = await call('GET', '/contacts?filter[email]=ayse@example.com');
    expect(found.body.data.map((c: ParasutJson) => c.id)).toEqual([contact.body.data.id]);

    const invoice = await call('POST', '/sales_invoices', invoiceBody(contact.body.data.id, 'ES-1 [sale:s-1]'));
    expect(invoice.status).toBe(201);
    expect(invoice.body.data.attributes).toMatchObject({ net_total: '10.00', total_vat: '2.00', gross_total: '12.00' });
    const listed = await call('GET', '/sales_invoices?filter[description]=[sale:s-1]');
    expect(listed.body.data).toHaveLength(1);

    const job = await call('POST', '/e_archives', archiveBody(invoice.body.data.id));
    expect(job).toMatchObject({
      status: 202,
      body: { data: { type: 'trackable_jobs', attributes: { status: 'running' } } },
    });
    expect((await call('POST', '/e_archives', archiveBody(invoice.body.data.id))).status).toBe(422);
    expect((await call('GET', `/trackable_jobs/${job.body.data.id}`)).body.data.attributes.status).toBe('running');
    expect((await call('GET', `/trackable_jobs/${job.body.data.id}`)).body.data.attributes.status).toBe('done');

    const shown = await call('GET', `/sales_invoices/${invoice.body.data.id}?include=active_e_document`);
    const archiveId = shown.body.data.relationships.active_e_document.data.id;
    expect(shown.body.included[0]).toMatchObject({
      id: archiveId,
      type: 'e_archives',
      attributes: { invoice_number: expect.stringMatching(/^PRS2026\d{9}$/) },
    });
    const pdf = await call('GET', `/e_archives/${archiveId}/pdf`);
    const file = await fetch(pdf.body.data.attributes.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');
    fake.expirePdfLinks();
    expect((await fetch(pdf.body.data.attributes.url)).status).toBe(403);
  });

  it("keeps a company contact's tax office as sent and refuses one that is not text, naming the field", async () => {
    const company = (taxOffice: unknown) => ({
      data: {
        type: 'contacts',
        attributes: {
          name: 'Deniz Telekom Ltd. Şti.',
          email: 'muhasebe@deniz.example',
          contact_type: 'company',
          tax_number: '1234567890',
          tax_office: taxOffice,
        },
      },
    });
    const made = await call('POST', '/contacts', company('Kadıköy'));
    expect(made.status).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ tax_number: '1234567890', tax_office: 'Kadıköy' });
    const before = fake.contacts().length;
    const refused = await call('POST', '/contacts', company(42));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: ParasutJson) => e.source.pointer)).toEqual(['/data/attributes/tax_office']);
    expect(fake.contacts()).toHaveLength(before);
  });

  it('refuses a malformed sales invoice with JSON:API errors naming each field', async () => {
    const answer = await call('POST', '/sales_invoices', {
      data: {
        type: 'sales_invoices',
        attributes: { item_type: 'bill', issue_date: '01.03.2026', currency: 'TRY' },
        relationships: {
          contact: { data: { id: 'nobody', type: 'contacts' } },
          details: {
            data: [{ type: 'sales_invoice_details', attributes: { quantity: 0, unit_price: 'x', vat_rate: 19 } }],
          },
        },
      },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((e: ParasutJson) => e.source.pointer).sort()).toEqual([
      '/data/attributes/currency',
      '/data/attributes/issue_date',
      '/data/attributes/item_type',
      '/data/relationships/contact',
      '/data/relationships/details/data/0/attributes/quantity',
      '/data/relationships/details/data/0/attributes/unit_price',
      '/data/relationships/details/data/0/attributes/vat_rate',
    ]);
  });

  it('plays its faults: 5xx, 429, work done then the answer dropped, a job in error, and e-invoice inboxes', async () => {
    const contact = await call('POST', '/contacts', contactBody('faults@example.com'));
    const contactId = contact.body.data.id as string;
    fake.addFault({ kind: 'status', path: '/sales_invoices', method: 'POST', status: 503, times: 1 });
    expect((await call('POST', '/sales_invoices', invoiceBody(contactId, '[sale:f-1]'))).status).toBe(503);
    fake.addFault({ kind: 'rate-limit', path: '/sales_invoices', times: 1 });
    expect((await call('POST', '/sales_invoices', invoiceBody(contactId, '[sale:f-1]'))).status).toBe(429);
    expect(fake.salesInvoices().filter((i) => i.description === '[sale:f-1]')).toHaveLength(0);

    fake.addFault({ kind: 'drop', path: '/sales_invoices', method: 'POST', times: 1 });
    await expect(call('POST', '/sales_invoices', invoiceBody(contactId, '[sale:f-2]'))).rejects.toThrow();
    const kept = fake.salesInvoices().filter((i) => i.description === '[sale:f-2]');
    expect(kept).toHaveLength(1);

    fake.addFault({ kind: 'job-error', times: 1, message: 'GİB bağlantı hatası' });
    const job = await call('POST', '/e_archives', archiveBody(kept[0]!.id));
    await call('GET', `/trackable_jobs/${job.body.data.id}`);
    const ended = await call('GET', `/trackable_jobs/${job.body.data.id}`);
    expect(ended.body.data.attributes).toEqual({ status: 'error', errors: ['GİB bağlantı hatası'] });

    fake.addInbox('1234567890');
    expect((await call('GET', '/e_invoice_inboxes?filter[vkn]=1234567890')).body.data).toHaveLength(1);
    expect((await call('GET', '/e_invoice_inboxes?filter[vkn]=9876543210')).body.data).toHaveLength(0);
    const recorded = fake.requests().filter((r) => r.path === '/sales_invoices' && r.method === 'POST');
    expect(recorded.map((r) => r.fault)).toEqual(expect.arrayContaining(['status', 'rate-limit', 'drop']));
  });
});
