import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, DISTANCE_SALE_VERSION, type EsimOrder } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type MailCatcher } from '../../infra/src/mail-catcher';
import { customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

/**
 * e-Arşiv invoices through the running system: a package bought with accepted documents → esim's
 * receipt event → auth's pending invoice → auth's issuing loop and the demo provider → the buyer's
 * "download invoice" through the gateway; then a refund → the return document against it. A
 * dealer's own purchase, without documents, is invoiced from esim's completion event instead.
 */
describe('invoices of sales and refunds', () => {
  let sys: EsimSystem;
  let mail: MailCatcher;
  let usStarter: string;
  const saved = { ...process.env };
  beforeAll(async () => {
    mail = await startMailCatcher();
    // Every service reads these while it is built: auth mails the receipt and issues every 200 ms.
    process.env.SMTP_URL = mail.smtpUrl;
    process.env.INVOICE_POLL_INTERVAL_MS = '200';
    sys = await startEsimSystem();
    usStarter = await sys.packageId('US-7D-3GB');
    await sys.stock('US-7D-3GB', 2);
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
    await mail.stop();
    for (const name of ['SMTP_URL', 'INVOICE_POLL_INTERVAL_MS']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('issues the invoice of a purchase, hands its PDF to the buyer only, and a refund gets its return document', async () => {
    const me = customer();
    const auth = sys.system.services.auth;
    // The made-up buyer is an account of auth's, as every real buyer is: the invoice names them.
    await auth.db('users').insert({
      id: me.id,
      email: `${me.id}@esim.test`,
      password_hash: 'x',
      full_name: 'Fatura Alıcısı',
      user_type: 1,
    });
    await sys.fund(me, 40_00);
    const bought = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(me, { 'idempotency-key': key() }),
      payload: { package_id: usStarter, quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data as EsimOrder;

    const gateway = async (url: string, headers: Record<string, string>) =>
      sys.system.gateway.inject({ method: 'GET', url: `/api${url}`, headers });
    const mine = await sys.as(me);
    const invoice = await waitFor(
      async () => {
        const res = await gateway(`/user/orders/${order.id}/invoice`, mine);
        return res.statusCode === 200 ? res.json().data : undefined;
      },
      { what: 'the issued invoice', timeoutMs: 20_000 },
    );
    expect(invoice).toMatchObject({ sale_number: order.order_number, total_cents: order.total_cents });
    expect(invoice.number).toMatch(/^DEM\d{13}$/);

    const pdf = await gateway(`${invoice.pdf_path}`, mine);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await sys.as(customer());
    expect((await gateway(invoice.pdf_path, stranger)).statusCode).toBe(404);

    const refunded = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${order.esims[0]!.id}/refund`,
      headers: mine,
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const admin = await sys.system.login('admin@esim.test');
    const documents = await waitFor(
      async () => {
        const res = await gateway(`/admin/invoices?search=${order.order_number}&status=issued`, {
          authorization: `Bearer ${admin}`,
        });
        const rows = res.json().data as Array<{ kind: string; number: string; invoice_id: string | null }>;
        return rows.length === 2 ? rows : undefined;
      },
      { what: 'the issued return document', timeoutMs: 20_000 },
    );
    const ret = documents.find((row) => row.kind === 'return')!;
    expect(ret.invoice_id).toBe(invoice.id);
    expect(ret.number).not.toBe(invoice.number);
  }, 90_000);

  it("issues the invoice of a dealer's own purchase (no documents, paid from its balance) to its company, and a refund gets its return document", async () => {
    const dealer: Person = { id: demoAccount('dealer@esim.test').id, userType: 2 };
    const auth = sys.system.services.auth;
    await auth
      .db('dealer_profiles')
      .where({ user_id: dealer.id })
      .update({ tax_number: '1234567890', tax_office: 'Beşiktaş' });
    const company = (await auth.db('dealer_profiles').where({ user_id: dealer.id }).first('company_name')).company_name;
    const admin = await sys.system.login('admin@esim.test');
    const loaded = await sys.system.api('POST', '/admin/dealers/balance', {
      token: admin,
      headers: { 'idempotency-key': key() },
      body: { dealer_id: dealer.id, amount: 40, note: 'Fatura denemesi' },
    });
    expect(loaded.status, JSON.stringify(loaded.body)).toBeLessThan(300);
    await sys.stock('US-7D-3GB', 1);
    const bought = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(dealer, { 'idempotency-key': key() }),
      payload: { package_id: usStarter, quantity: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json().data as EsimOrder;

    const documents = async (count: number, what: string) =>
      waitFor(
        async () => {
          const res = await sys.system.api('GET', `/admin/invoices?search=${order.order_number}&status=issued`, {
            token: admin,
          });
          const rows = res.body.data as Array<Record<string, unknown>>;
          return rows.length === count ? rows : undefined;
        },
        { what, timeoutMs: 20_000 },
      );
    const [invoice] = await documents(1, "the dealer's issued invoice");
    expect(invoice).toMatchObject({
      kind: 'invoice',
      sale_type: 'esim',
      account_id: dealer.id,
      buyer_name: company,
      buyer_tax_number: '1234567890',
      buyer_tax_office: 'Beşiktaş',
      total_cents: order.total_cents,
      number: expect.stringMatching(/^DEM\d{13}$/),
    });

    const refunded = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${order.esims[0]!.id}/refund`,
      headers: await sys.as(dealer),
      payload: {},
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const both = await documents(2, "the dealer's issued return document");
    expect(both.find((row) => row.kind === 'return')).toMatchObject({ invoice_id: invoice!.id });
  }, 90_000);
});
