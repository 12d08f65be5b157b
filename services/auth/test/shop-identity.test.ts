import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  DEMO_BRAND,
  DEMO_SELLER,
  DISTANCE_SALE_VERSION,
  demoAccount,
  distanceSaleDocuments,
  sellerView,
} from '@esim/contracts';
import { publish } from '@esim/platform';
import { waitFor } from '@esim/platform/testing';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../infra/src/mail-catcher';
import { loadAuthConfig } from '../src/config';
import { readShopIdentity } from '../src/shop/identity';
import { bearer, forwardedFor, freshIp, seededSessions, startAuth, type AuthTestApp } from './support';

/**
 * The shop's identity (GET /public/shop, GET/PUT /admin/shop/identity, GET /public/seller): one row
 * the admin sets, read by the public pages, the mails and the receipts. One app and one row for the
 * file, so the tests run in order.
 */
describe("the shop's identity", () => {
  let app: AuthTestApp;
  let mail: MailCatcher;
  let sessions: Awaited<ReturnType<typeof seededSessions>>;
  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startAuth({ SMTP_URL: mail.smtpUrl, PUBLIC_BASE_URL: 'https://shop.example.com' });
    sessions = await seededSessions(app);
  });
  afterAll(async () => {
    await app?.close();
    await mail?.stop();
  });

  const get = (url: string, token?: string, extra: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...(token ? bearer(token) : {}), ...extra } });
  const put = (payload: unknown, token = sessions.admin, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/admin/shop/identity',
      headers: { ...bearer(token), ...extra },
      payload: payload as object,
    });
  const identity = async () => (await get('/admin/shop/identity', sessions.admin)).json().data;

  it('answers the demo seed: the invented brand and its well-formed numbers, to anyone, cacheable for 30 s', async () => {
    const res = await get('/public/shop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.json().data).toEqual({ brand: DEMO_BRAND, seller: sellerView(DEMO_SELLER) });
    expect(DEMO_BRAND.name).toBe('Yelkovan Demo');
    // The older route answers the same seller, now from auth.
    const seller = await get('/public/seller');
    expect(seller.statusCode).toBe(200);
    expect(seller.json().data).toEqual(sellerView(DEMO_SELLER));
    expect(await identity()).toMatchObject({
      brand_name: 'Yelkovan Demo',
      legal_name: 'Yelkovan Demo Teknoloji A.Ş.',
      legal_entity_complete: true,
      updated_by: null,
    });
  });

  it('is read and written by admins only', async () => {
    for (const token of [sessions.customer, sessions.dealer, sessions.sales]) {
      expect((await get('/admin/shop/identity', token)).statusCode).toBe(403);
      expect((await put({ brand_name: 'Başka' }, token)).statusCode).toBe(403);
    }
    expect((await get('/admin/shop/identity')).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/admin/shop/identity', payload: {} })).statusCode).toBe(401);
    expect((await identity()).brand_name).toBe('Yelkovan Demo');
  });

  it('refuses bad fields with a 400 naming the field in the caller’s language, and changes nothing', async () => {
    const before = await identity();
    const cases: Array<[object, string]> = [
      [{ tax_number: '12345' }, 'tax_number'],
      [{ tax_number: '12345678901' }, 'tax_number'],
      [{ mersis: '123456789012345' }, 'mersis'],
      [{ mersis: 'abcdefghijklmnop' }, 'mersis'],
      [{ primary_color: 'blue' }, 'primary_color'],
      [{ secondary_color: '#12345' }, 'secondary_color'],
      [{ support_email: 'not-an-email' }, 'support_email'],
      [{ logo_url: 'http://insecure.example.com/logo.png' }, 'logo_url'],
      // An image on another host would make the front ends load from outside: the logo ships in the answer.
      [{ logo_url: 'https://cdn.example.com/logo.png' }, 'logo_url'],
      [{ logo_url: 'data:image/jpeg;base64,AAAA' }, 'logo_url'],
      [{ logo_url: `data:image/png;base64,${'A'.repeat(70_000)}` }, 'logo_url'],
      [{ brand_name: '   ' }, 'brand_name'],
      // One bad field refuses the whole change.
      [{ brand_name: 'Yeni Ad', mersis: '1' }, 'mersis'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    const texts = async (body: object, field: string) => {
      const tr = (await put(body)).json().errors.find((e: { path: string }) => e.path === field).message;
      const en = (await put(body, sessions.admin, { 'accept-language': 'en' }))
        .json()
        .errors.find((e: { path: string }) => e.path === field).message;
      return [tr, en];
    };
    expect(await texts({ tax_number: '12345' }, 'tax_number')).toEqual([
      'Vergi kimlik numarası (VKN) 10 haneli olmalı',
      'The tax number (VKN) must be 10 digits',
    ]);
    expect(await texts({ mersis: '1' }, 'mersis')).toEqual([
      'MERSİS numarası 16 haneli olmalı',
      'The MERSİS number must be 16 digits',
    ]);
    expect(await texts({ primary_color: 'red' }, 'primary_color')).toEqual([
      'Renk #rrggbb biçiminde olmalı (ör. #0b57d0)',
      'The colour must be in #rrggbb format (e.g. #0b57d0)',
    ]);
    expect(await texts({ logo_url: `data:image/png;base64,${'A'.repeat(70_000)}` }, 'logo_url')).toEqual([
      'Logo en fazla 64 KB olabilir; daha küçük bir dosya seçin',
      'The logo may be at most 64 KB; choose a smaller file',
    ]);
    const [emailTr, emailEn] = await texts({ support_email: 'x' }, 'support_email');
    expect(emailTr).not.toBe(emailEn);
    expect(await identity()).toEqual(before);
  });

  it('changes only the fields a PUT names, keeps who and when, and is audited', async () => {
    const logo = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
    const res = await put({ brand_name: 'Pusula Seyahat', primary_color: '#114477', logo_url: logo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().code).toBe('shop_identity_updated');
    const admin = demoAccount('admin@esim.test').id;
    expect(res.json().data).toMatchObject({
      brand_name: 'Pusula Seyahat',
      primary_color: '#114477',
      logo_url: logo,
      // Untouched: the seeded values stay.
      secondary_color: DEMO_BRAND.secondary_color,
      legal_name: DEMO_SELLER.name,
      tax_number: DEMO_SELLER.taxNumber,
      updated_by: admin,
    });
    expect(res.json().data.updated_at).toEqual(expect.any(String));
    const second = await put({ legal_name: 'Pusula Seyahat Teknoloji A.Ş.', tax_number: '1234567890', logo_url: null });
    expect(second.json().data).toMatchObject({
      brand_name: 'Pusula Seyahat',
      legal_name: 'Pusula Seyahat Teknoloji A.Ş.',
      tax_number: '1234567890',
      logo_url: null,
    });
    await expect
      .poll(async () =>
        app.db('audit_log').where({ route: '/admin/shop/identity', method: 'PUT', status_code: 200 }).count({ n: '*' }),
      )
      .toEqual([{ n: 2 }]);
    const row = await app.db('audit_log').where({ route: '/admin/shop/identity', status_code: 200 }).first();
    expect(row).toMatchObject({ actor_id: admin, actor_role: 'admin', method: 'PUT' });
  });

  it('a changed identity reaches /public/seller, the next mail and the next receipt PDF', async () => {
    expect((await get('/public/shop')).json().data.brand.name).toBe('Pusula Seyahat');
    expect((await get('/public/seller')).json().data).toMatchObject({
      name: 'Pusula Seyahat Teknoloji A.Ş.',
      tax_number: '1234567890',
    });

    const mailTo = async (address: string, subject?: RegExp): Promise<CaughtMail> => {
      let found: CaughtMail | undefined;
      await waitFor(
        async () => {
          found = (await mail.messages()).find((m) => m.to.includes(address) && (!subject || subject.test(m.subject)));
          return Boolean(found);
        },
        { what: `a mail to ${address}` },
      );
      return found!;
    };
    // An account mail (the password reset) is drawn in the new brand: its name and colour.
    const asked = await app.inject({
      method: 'POST',
      url: '/forgot-password',
      headers: forwardedFor(freshIp()),
      payload: { email: 'customer@esim.test' },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await mailTo('customer@esim.test', /Şifre/);
    expect(reset.text).toContain('— Pusula Seyahat');
    expect(reset.html).toContain('— Pusula Seyahat');
    expect(reset.html).toContain('#114477');
    expect(reset.text).not.toContain('Yelkovan');

    // An order's receipt, as esim publishes it: the PDF carries the brand over its title.
    await app.events.start();
    const seller = { ...DEMO_SELLER, name: 'Pusula Seyahat Teknoloji A.Ş.', taxNumber: '1234567890' };
    const buyer = { fullName: 'Demo Müşteri', email: 'customer@esim.test' };
    const documents = distanceSaleDocuments({
      seller,
      buyer,
      item: {
        name: 'Türkiye Standart',
        code: 'TR-7D-3GB',
        dataMb: 3072,
        validityDays: 7,
        quantity: 1,
        unitCents: 1299,
      },
      fromBalanceCents: 1299,
      byCardCents: 0,
      locale: 'tr',
      date: new Date(),
    });
    const orderId = randomUUID();
    await publish(app.db, 'esim', {
      type: 'esim.order.receipt',
      aggregateId: orderId,
      payload: {
        orderId,
        orderNumber: 'PUSULA0001',
        userId: demoAccount('customer@esim.test').id,
        locale: 'tr',
        completedAt: new Date().toISOString(),
        seller,
        packageCode: 'TR-7D-3GB',
        packageNameTr: 'Türkiye Standart',
        packageNameEn: 'Turkey Standard',
        dataMb: 3072,
        validityDays: 7,
        quantity: 1,
        unitPriceCents: 1299,
        totalCents: 1299,
        paidByCardCents: 0,
        cardPaymentReference: null,
        agreementVersion: DISTANCE_SALE_VERSION,
        agreementText: `${documents.preInformation}\n\n${documents.contract}`,
      },
    });
    const receipt = await mailTo('customer@esim.test', /PUSULA0001/);
    expect(receipt.text).toContain('— Pusula Seyahat');
    const pdf = receipt.attachments.find((a) => a.contentType === 'application/pdf')!;
    const bytes = new Uint8Array(await (await fetch(pdf.url)).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Pusula Seyahat Sipariş Makbuzu');
    expect(flat).toContain('Pusula Seyahat Teknoloji A.Ş.');
  });

  it('outside demo mode, starts from the SELLER_* settings, and is incomplete without them', async () => {
    // The row as a new production shop has it: nothing set by an admin yet.
    await app
      .db('shop_identity')
      .update(
        Object.fromEntries(
          [
            'brand_name',
            'support_email',
            'support_phone',
            'legal_name',
            'address',
            'tax_office',
            'tax_number',
            'mersis',
          ].map((column) => [column, null]),
        ),
      );
    const production = { APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!' };
    const bare = loadAuthConfig({ ...process.env, ...production, AUTH_SIGNING_KEYS: undefined });
    expect(await readShopIdentity(app.db, bare)).toMatchObject({ legal_name: '', legal_entity_complete: false });
    const configured = loadAuthConfig({
      ...process.env,
      ...production,
      SELLER_NAME: 'Örnek Gezi İletişim A.Ş.',
      SELLER_ADDRESS: 'Örnek Cad. No:2, Ankara',
      SELLER_TAX_OFFICE: 'Çankaya',
      SELLER_TAX_NUMBER: '1234567890',
      SELLER_MERSIS: '0123456789000015',
    });
    expect(await readShopIdentity(app.db, configured)).toMatchObject({
      brand_name: 'Örnek Gezi İletişim A.Ş.',
      legal_name: 'Örnek Gezi İletişim A.Ş.',
      tax_office: 'Çankaya',
      legal_entity_complete: true,
    });
    expect(() => loadAuthConfig({ SELLER_TAX_NUMBER: '12345' })).toThrow(/SELLER_TAX_NUMBER/);
    expect(() => loadAuthConfig({ SELLER_MERSIS: '12345' })).toThrow(/SELLER_MERSIS/);
  });
});
