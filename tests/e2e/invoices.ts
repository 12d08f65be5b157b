import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DISTANCE_SALE_VERSION, type EsimOrder } from '@esim/contracts';
import { istanbulDate } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import type { FakeContact, FakeEArchive, FakeSalesInvoice, RecordedRequest } from '../../infra/src/fakes/parasut';
import { payByCard } from './cards';
import type { RealSystem } from './harness';

const TIMEOUT_MS = 30_000;

interface IssuedView {
  id: string;
  number: string;
  sale_number: string;
  total_cents: number;
  pdf_path: string;
}

/**
 * e-Arşiv invoices through Paraşüt on the real processes (`npm start -- --invoices fake-parasut`): a
 * new buyer pays a US package by card at checkout; auth's issuing loop makes the buyer a contact at
 * the fake Paraşüt, posts the sales invoice and its e-Arşiv as Paraşüt documents them (checked field
 * by field), waits out the trackable job and keeps Paraşüt's number; the buyer downloads the PDF
 * from the order page's link, the receipt mail points at that page; a refund gets its return
 * document at Paraşüt too, once.
 */
export async function parasutInvoiceFlow(system: RealSystem): Promise<void> {
  const fake = async <T>(path: string): Promise<T> => (await fetch(`${system.fakeParasutUrl}/__fake/${path}`)).json();
  const email = `e2e-${randomUUID().slice(0, 8)}@fatura.test`;
  const password = 'Gezgin-Fatura-Sifre-2026';
  const registered = await system.api('POST', '/register', {
    body: { full_name: 'Fatura Gezgin', email, password },
  });
  expect(registered.status).toBe(201);
  const token = await system.login(email, password);
  const us = await system.api('GET', '/public/countries/united-states/packages');
  const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB') as {
    id: string;
    price: number;
  };
  const cents = Math.round(starter.price * 100);
  const checkout = await payByCard(system, token, cents / 100, { checkout: true });
  const bought = await system.api('POST', '/user/packages/buy', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      package_id: starter.id,
      quantity: 1,
      agreement: { version: DISTANCE_SALE_VERSION },
      card_payment_id: checkout.id,
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const order = bought.body.data as EsimOrder;
  const today = istanbulDate();

  // The order page's "download invoice" link answers once Paraşüt has numbered the e-Arşiv invoice.
  const invoice = await waitFor(
    async () => {
      const res = await system.api('GET', `/user/orders/${order.id}/invoice`, { token });
      return res.status === 200 ? (res.body.data as IssuedView) : undefined;
    },
    { what: "the order's invoice from Paraşüt", timeoutMs: TIMEOUT_MS },
  ).catch(async (error: Error) => {
    // What the admin's invoice list says of it (its status and the provider's error) tells why.
    const admin = await system.login('admin@esim.test');
    const rows = await system.api('GET', `/admin/invoices?search=${order.order_number}`, { token: admin });
    throw new Error(`${error.message}; the admin's list: ${JSON.stringify(rows.body.data)}`);
  });
  expect(invoice).toMatchObject({ sale_number: order.order_number, total_cents: cents });
  // The admin's row of it: the VAT rate of the line and the VAT inside the paid price.
  const admin = await system.login('admin@esim.test');
  const listed = await system.api('GET', `/admin/invoices?search=${order.order_number}`, { token: admin });
  const row = (listed.body.data as Array<{ kind: string; vat_cents: number; lines: Array<{ vat_rate: number }> }>).find(
    (r) => r.kind === 'invoice',
  )!;
  const rate = row.lines[0]!.vat_rate;
  expect(Math.round((cents * rate) / (100 + rate))).toBe(row.vat_cents);

  // At Paraşüt: one contact for the buyer, one sales invoice for the sale, its e-Arşiv with the internet sale.
  const marker = `[sale:${order.id}]`;
  const contact = (await fake<FakeContact[]>('contacts')).find((c) => c.attributes.email === email)!;
  expect(contact.attributes).toMatchObject({
    name: 'Fatura Gezgin',
    email,
    contact_type: 'person',
    account_type: 'customer',
  });
  const sales = (await fake<FakeSalesInvoice[]>('sales-invoices')).filter((i) => i.description.includes(marker));
  expect(sales).toHaveLength(1);
  const sale = sales[0]!;
  const requests = await fake<RecordedRequest[]>('requests');
  const posted = requests.filter(
    (r) => r.method === 'POST' && r.path === '/sales_invoices' && JSON.stringify(r.body).includes(marker),
  );
  expect(posted.map((r) => r.contentType)).toEqual(['application/vnd.api+json']);
  // Paraşüt prices lines net of VAT.
  expect(posted[0]!.body).toEqual({
    data: {
      type: 'sales_invoices',
      attributes: {
        item_type: 'invoice',
        description: `${order.order_number} ${marker}`,
        issue_date: today,
        currency: 'EUR',
      },
      relationships: {
        contact: { data: { id: contact.id, type: 'contacts' } },
        details: {
          data: [
            {
              type: 'sales_invoice_details',
              attributes: {
                quantity: 1,
                unit_price: (cents - row.vat_cents) / 100,
                vat_rate: rate,
                description: expect.any(String),
              },
            },
          ],
        },
      },
    },
  });
  const archived = requests.filter(
    (r) => r.method === 'POST' && r.path === '/e_archives' && JSON.stringify(r.body).includes(`"id":"${sale.id}"`),
  );
  expect(archived).toHaveLength(1);
  expect(archived[0]!.body).toEqual({
    data: {
      type: 'e_archives',
      attributes: {
        internet_sale: {
          url: expect.stringMatching(new RegExp(`/order/${order.id}$`)),
          payment_type: 'KREDIKARTI/BANKAKARTI',
          payment_platform: 'iyzico',
          payment_date: today,
        },
      },
      relationships: { sales_invoice: { data: { id: sale.id, type: 'sales_invoices' } } },
    },
  });
  const archive = (await fake<FakeEArchive[]>('e-archives')).find((a) => a.salesInvoiceId === sale.id)!;
  expect(archive.number).toBe(invoice.number);

  // The PDF is Paraşüt's, fetched by auth and handed to the buyer only.
  const pdf = await fetch(`${system.baseUrl}/api${invoice.pdf_path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain(invoice.number);
  const stranger = await system.login('customer@esim.test');
  const theirs = await fetch(`${system.baseUrl}/api${invoice.pdf_path}`, {
    headers: { authorization: `Bearer ${stranger}` },
  });
  expect(theirs.status).toBe(404);

  // The receipt mail sends the buyer to the order page, where the invoice is.
  const mail = await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as Array<{
        id: string;
        subject: string;
        text: string;
        to: Array<{ address: string }>;
      }>;
      return inbox.find((m) => m.to.some((t) => t.address === email) && m.subject.includes(order.order_number));
    },
    { what: 'the receipt mail', timeoutMs: TIMEOUT_MS },
  );
  expect(mail.text).toContain(`/order/${order.id}`);

  // A refund: the return document at Paraşüt, against the invoice, once.
  const esim = order.esims[0]!;
  const refunded = await system.api('POST', `/user/esim/${esim.id}/refund`, { token, body: {} });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  const returns = await waitFor(
    async () => {
      const found = (await fake<FakeSalesInvoice[]>('sales-invoices')).filter(
        (i) => i.itemType === 'refund' && i.description.includes(invoice.number),
      );
      const numbered = (await fake<FakeEArchive[]>('e-archives')).filter((a) =>
        found.some((i) => i.id === a.salesInvoiceId),
      );
      return numbered.length > 0 ? { found, numbered } : undefined;
    },
    { what: 'the return document at Paraşüt', timeoutMs: TIMEOUT_MS },
  );
  expect(returns.found).toHaveLength(1);
  expect(returns.found[0]).toMatchObject({ contactId: contact.id, currency: 'EUR', grossCents: cents });
  expect(returns.numbered[0]!.number).not.toBe(invoice.number);
}
