import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createPartnerClient, type PartnerClient } from '@esim/partner-client';
import { waitFor } from '@esim/platform/testing';
import { partnerDocument } from '../../packages/partner-client/src/generate/partner-document';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { startSystem, type ListeningSystem } from './system';

const committed = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/partner-client/openapi.json',
);

/** Every entry of a zip, by name. */
function unzip(file: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * The dealer's routes for machines on the running system, through the typed client the repository
 * publishes: its committed OpenAPI document is the one the gateway serves, a dry run prices and
 * checks without writing anything, a buy with an Idempotency-Key is made once, and the bulk QR zip
 * and the price-list workbook are what a partner downloads.
 */
describe('a partner drives the shop with the typed client', () => {
  let system: ListeningSystem;
  let client: PartnerClient;
  let english: PartnerClient;
  let dealer: string;
  let dealer2: string;
  let packageId: string;
  let esimDb: Knex;
  let balanceDb: Knex;
  let mail: MailCatcher;
  let apiKey: string;

  beforeAll(async () => {
    mail = await startMailCatcher();
    process.env.SMTP_URL = mail.smtpUrl;
    system = await startSystem({ listen: {} });
    const admin = await system.login('admin@esim.test');
    dealer = await system.login('dealer@esim.test');
    dealer2 = await system.login('dealer2@esim.test');
    const me = await system.api('GET', '/me', { token: dealer });
    const loaded = await system.api('POST', '/admin/dealers/balance', {
      token: admin,
      headers: { 'idempotency-key': 'partner-client-flow-load' },
      body: { dealer_id: me.body.data.id, amount: 100, note: 'Ortak API denemesi' },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBeLessThan(300);
    const us = await system.api('GET', '/public/countries/united-states/packages');
    packageId = us.body.data.packages.find((p: { duration: number }) => p.duration === 7).id;
    const key = await system.api('POST', '/user/api-keys', {
      token: dealer,
      headers: { 'idempotency-key': 'partner-client-flow-key' },
      body: { name: 'Makine', scopes: ['read', 'order'] },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    apiKey = key.body.data.secret;
    client = createPartnerClient({ baseUrl: system.url, apiKey });
    english = createPartnerClient({ baseUrl: system.url, apiKey: key.body.data.secret, locale: 'en' });
    esimDb = (system.services.esim as unknown as { db: Knex }).db;
    balanceDb = (system.services.balance as unknown as { db: Knex }).db;
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await system?.stop();
    await mail?.stop();
  });

  it("serves the partner paths exactly as the committed openapi.json has them (the client's types never drift)", async () => {
    // A service slow to build its first document is listed as unavailable for that one answer.
    const live = await waitFor(
      async () => {
        const res = await system.api('GET', '/docs/openapi.json');
        const services = Object.values((res.body['x-services'] ?? {}) as Record<string, string>);
        return services.length > 0 && services.every((status) => status === 'up')
          ? (res.body as OpenAPIV3.Document)
          : undefined;
      },
      { timeoutMs: 30_000, what: 'every service to answer its OpenAPI document' },
    );
    const expected = JSON.parse(readFileSync(committed, 'utf8')) as OpenAPIV3.Document;
    expect(
      partnerDocument(live),
      'packages/partner-client/openapi.json is out of date: run `npm run partner-client:generate` against a running system (or with --file)',
    ).toEqual(expected);
    expect(Object.keys(expected.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/packages',
        '/api/user/packages/buy',
        '/api/user/packages/price-list.xlsx',
        '/api/user/esim/orders/{id}/qr.zip',
        '/api/user/balance',
      ]),
    );
  });

  it('a dry run quotes the price and the checks, and places, holds and writes nothing', async () => {
    const counts = async () => ({
      orders: (await esimDb('orders').count({ n: '*' }))[0]!.n,
      assigned: (await esimDb('profiles').where({ pool_status: 'assigned' }).count({ n: '*' }))[0]!.n,
      outbox: (await esimDb('outbox').count({ n: '*' }))[0]!.n,
      holds: (await balanceDb('holds').count({ n: '*' }))[0]!.n,
      transfers: (await balanceDb('transfers').count({ n: '*' }))[0]!.n,
    });
    const before = await counts();
    const balance = (await client.GET('/api/user/balance')).data!.data;
    const prices = await client.GET('/api/user/packages', { params: { query: { limit: 100 } } });
    const listed = prices.data!.data.find((p) => p.id === packageId)!;

    const { data, response } = await english.POST('/api/user/packages/buy', {
      body: { package_id: packageId, quantity: 2, dry_run: true },
    });
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(data!.code).toBe('esim_buy_dry_run');
    const quote = data!.data as { dry_run: true } & Record<string, unknown>;
    expect(quote).toMatchObject({
      dry_run: true,
      quantity: 2,
      unit_price_cents: Math.round(listed.price * 100),
      total_cents: Math.round(listed.price * 100) * 2,
      available: true,
      reasons: [],
      balance_cents: balance.available_cents,
      balance_after_cents: balance.available_cents - Math.round(listed.price * 100) * 2,
    });

    // More than the balance covers, refused with the reason the purchase would give.
    const tooMuch = await english.POST('/api/user/packages/buy', {
      body: { package_id: packageId, quantity: 50, dry_run: true },
    });
    expect(tooMuch.response.status).toBe(200);
    const refused = tooMuch.data!.data as { available: boolean; reasons: Array<{ code: string; message: string }> };
    expect(refused.available).toBe(false);
    expect(refused.reasons).toContainEqual({
      code: 'insufficient_balance',
      message: expect.stringMatching(/^Insufficient balance\. Available balance: /),
    });
    // The pool's free profiles of the package, as the purchase would take them.
    const code = (quote.package as { code: string }).code;
    const free = Number(
      (await esimDb('profiles').where({ package_code: code, pool_status: 'available' }).count({ n: '*' }))[0]!.n,
    );
    expect(refused.reasons.some((reason) => reason.code === 'esim_out_of_stock')).toBe(free < 50);
    // An unknown package is refused as the purchase refuses it.
    const unknown = await client.POST('/api/user/packages/buy', {
      body: { package_id: '00000000-0000-4000-8000-000000000000', quantity: 1, dry_run: true },
    });
    expect(unknown.response.status).toBe(404);

    expect(await counts()).toEqual(before);
  });

  it('buys with an Idempotency-Key (a replay is the same order), reads its LPA and downloads its QR zip', async () => {
    const buy = (key: string) =>
      client.POST('/api/user/packages/buy', {
        headers: { 'idempotency-key': key },
        body: { package_id: packageId, quantity: 2 },
      });
    const bought = await buy('partner-client-flow-buy-0001');
    expect(bought.response.status, JSON.stringify(bought.error ?? bought.data)).toBe(201);
    const order = (bought.data!.data as {
      id: string;
      esims: Array<{ id: string; iccid: string; activation_code: string }>;
    })!;
    expect(order.esims).toHaveLength(2);
    expect(order.esims[0]!.activation_code).toMatch(/^LPA:1\$/);
    const again = await buy('partner-client-flow-buy-0001');
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect((again.data!.data as { id: string }).id).toBe(order.id);

    const zip = await client.GET('/api/user/esim/orders/{id}/qr.zip', {
      params: { path: { id: order.id } },
      parseAs: 'arrayBuffer',
    });
    expect(zip.response.status).toBe(200);
    expect(zip.response.headers.get('content-type')).toBe('application/zip');
    const entries = await unzip(Buffer.from(zip.data as ArrayBuffer));
    const iccids = order.esims.map((e) => e.iccid).sort();
    expect([...entries.keys()].sort()).toEqual([...iccids.map((i) => `${i}.png`), 'esims.csv'].sort());
    for (const iccid of iccids) expect(entries.get(`${iccid}.png`)!.subarray(1, 4).toString()).toBe('PNG');
    const csv = entries
      .get('esims.csv')!
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('iccid,lpa,smdp_address,activation_code,qr_file');
    for (const esim of order.esims) {
      const [smdp, matching] = esim.activation_code.slice('LPA:1$'.length).split('$');
      expect(lines).toContain(`${esim.iccid},${esim.activation_code},${smdp},${matching},${esim.iccid}.png`);
    }

    // Another dealer's order is not found; a refunded eSIM's code leaves the zip.
    const theirs = await system.api('GET', `/user/esim/orders/${order.id}/qr.zip`, { token: dealer2 });
    expect(theirs.status).toBe(404);
    const refunded = order.esims[0]!;
    const refund = await client.POST('/api/user/esim/{id}/refund', {
      params: { path: { id: refunded.id } },
      body: { reason: 'Müşteri vazgeçti' },
    });
    expect(refund.response.status, JSON.stringify(refund.error)).toBe(200);
    const after = await client.GET('/api/user/esim/orders/{id}/qr.zip', {
      params: { path: { id: order.id } },
      parseAs: 'arrayBuffer',
    });
    const left = await unzip(Buffer.from(after.data as ArrayBuffer));
    expect([...left.keys()].sort()).toEqual([`${order.esims[1]!.iccid}.png`, 'esims.csv']);
    expect(left.get('esims.csv')!.toString('utf8')).not.toContain(refunded.iccid);
    expect(left.get('esims.csv')!.toString('utf8')).not.toContain(refunded.activation_code);
  });

  it("downloads the dealer's price list as xlsx: their prices as euro numbers, headers in their language", async () => {
    const prices = await client.GET('/api/user/packages', { params: { query: { limit: 100 } } });
    const listed = new Map(prices.data!.data.map((p) => [p.code, p]));
    for (const [who, headers] of [
      [client, ['Ülke / bölge', 'Paket', 'Veri', 'Veri (MB)', 'Geçerlilik (gün)', 'Kod', 'Fiyatınız (EUR)']],
      [english, ['Country / region', 'Package', 'Data', 'Data (MB)', 'Validity (days)', 'Code', 'Your price (EUR)']],
    ] as const) {
      const file = await who.GET('/api/user/packages/price-list.xlsx', { parseAs: 'arrayBuffer' });
      expect(file.response.status).toBe(200);
      expect(file.response.headers.get('content-disposition')).toMatch(
        /attachment; filename="(fiyat-listesi|price-list)-/,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.data as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1, 8)).toEqual(headers);
      expect(sheet.rowCount - 1).toBe(prices.data!.meta.total);
      const row = sheet.getRow(2);
      const package_ = listed.get(String(row.getCell(6).value))!;
      expect(row.getCell(7).value).toBe(package_.price);
      expect(row.getCell(7).numFmt).toBe('#,##0.00');
      expect(row.getCell(5).value).toBe(package_.duration);
    }
  });

  it("buys for an end customer and mails the customer the QR in the dealer's name", async () => {
    const customer = { name: 'Ayşe Yılmaz', email: 'ayse.partner@example.com' };
    const bought = await system.api('POST', '/user/packages/buy', {
      token: apiKey,
      headers: { 'idempotency-key': 'partner-client-flow-customer-buy' },
      body: { package_id: packageId, quantity: 1, customer },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const order = bought.body.data as { id: string; order_number: string; esims: Array<{ iccid: string }> };
    expect(bought.body.data).toMatchObject({ customer_name: customer.name, customer_email: customer.email });
    const found = await system.api('GET', `/user/esim/orders?customer=${encodeURIComponent('ayse.partner')}`, {
      token: apiKey,
    });
    expect(found.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    // Only the order's dealer sends it; another dealer is told it does not exist.
    const theirs = await system.api('POST', `/user/esim/orders/${order.id}/send-to-customer`, {
      token: dealer2,
      headers: { 'idempotency-key': 'partner-client-flow-customer-theirs' },
      body: {},
    });
    expect(theirs.status).toBe(404);

    const sent = await system.api('POST', `/user/esim/orders/${order.id}/send-to-customer`, {
      token: apiKey,
      headers: { 'idempotency-key': 'partner-client-flow-customer-send' },
      body: { locale: 'tr' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const me = await system.api('GET', '/me', { token: dealer });
    const authDb = (system.services.auth as unknown as { db: Knex }).db;
    const { company_name: company } = await authDb('dealer_profiles')
      .where({ user_id: me.body.data.id })
      .first('company_name');
    const message = await waitFor(async () => (await mail.messages()).find((m) => m.to.includes(customer.email)), {
      what: 'the mail to the customer',
      timeoutMs: 20_000,
    });
    expect(message.subject).toContain(order.order_number);
    expect(message.from[0]!.name).toBe(company);
    expect(message.text).toContain(`Merhaba ${customer.name}, ${company} olarak`);
    const png = message.attachments.find((a) => a.fileName === `${order.esims[0]!.iccid}.png`)!;
    expect(message.html).toContain(`cid:${png.contentId}`);
    const bytes = Buffer.from(await (await fetch(png.url)).arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // The dealer's own inbox got nothing for it; the send is in the audit log with the address.
    expect((await mail.messages()).filter((m) => m.subject.includes(order.order_number))).toHaveLength(1);
    const audited = await esimDb('audit_log')
      .where({ target_id: order.id, route: '/user/esim/orders/:id/send-to-customer' })
      .first();
    expect(audited).toMatchObject({ actor_id: me.body.data.id, detail: `send-to-customer ${customer.email}` });
  });
});
