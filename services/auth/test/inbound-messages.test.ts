import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, forwardedFor, freshIp, seededSessions, startAuth, type AuthTestApp } from './support';

/** Partnership and contact forms of the public site: validated, stored, rate-limited, listed for admins. */
describe('partnership and contact messages', () => {
  let app: AuthTestApp;
  let tokens: Awaited<ReturnType<typeof seededSessions>>;
  beforeAll(async () => {
    app = await startAuth();
    tokens = await seededSessions(app);
  });
  afterAll(async () => app.close());

  const send = (kind: string, payload: object, ip = freshIp(), lang = 'tr') =>
    app.inject({
      method: 'POST',
      url: `/messages/${kind}`,
      payload,
      headers: { ...forwardedFor(ip), 'accept-language': lang },
    });

  it('stores a partnership message and an admin sees it', async () => {
    const response = await send('partnership', {
      company_name: 'Gezgin Turizm A.Ş.',
      email: ' Info@Gezgin.example ',
      message: 'Bayiniz olmak istiyoruz, görüşebilir miyiz?',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      code: 'message_received',
      message: 'Mesajınız alındı, teşekkür ederiz',
      data: { kind: 'partnership' },
    });

    const list = await app.inject({
      method: 'GET',
      url: '/admin/messages?kind=partnership',
      headers: bearer(tokens.admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json().data[0]).toMatchObject({
      kind: 'partnership',
      company_name: 'Gezgin Turizm A.Ş.',
      email: 'info@gezgin.example',
      locale: 'tr',
      full_name: null,
    });
  });

  it('stores a contact message; search finds it', async () => {
    const response = await send(
      'contact',
      {
        full_name: 'John Traveller',
        email: 'john@example.com',
        subject: 'QR code',
        message: 'My QR code does not scan on my phone.',
      },
      freshIp(),
      'en',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Your message was received, thank you');
    const list = await app.inject({
      method: 'GET',
      url: '/admin/messages?q=does%20not%20scan',
      headers: bearer(tokens.admin),
    });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ kind: 'contact', subject: 'QR code', locale: 'en' });
  });

  it('bad input is a 400 naming the field, and nothing is stored', async () => {
    const before = await app.db('inbound_messages').count<{ count: string }[]>({ count: '*' });
    const cases: Array<[string, object, string, string]> = [
      [
        'partnership',
        { company_name: 'Firma', email: 'not-an-email', message: 'Yeterince uzun bir mesaj.' },
        'email',
        'Geçerli bir email adresi girin',
      ],
      [
        'partnership',
        { company_name: 'Firma', email: 'a@b.example', message: 'kısa' },
        'message',
        'Mesaj en az 10 karakter olmalı',
      ],
      [
        'partnership',
        { company_name: '<script>', email: 'a@b.example', message: 'Yeterince uzun bir mesaj.' },
        'company_name',
        'Bu alan izin verilmeyen karakterler içeriyor veya çok uzun',
      ],
      [
        'contact',
        { full_name: '', email: 'a@b.example', subject: 'Konu', message: 'Yeterince uzun bir mesaj.' },
        'full_name',
        'Bu alan zorunludur',
      ],
    ];
    for (const [kind, payload, path, message] of cases) {
      const response = await send(kind, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
    expect(await app.db('inbound_messages').count<{ count: string }[]>({ count: '*' })).toEqual(before);
  });

  it('one sender is limited to a few messages an hour', async () => {
    const ip = freshIp();
    const payload = {
      full_name: 'Ali Veli',
      email: 'ali@example.com',
      subject: 'Soru',
      message: 'Paketler hakkında bir sorum var.',
    };
    for (let i = 0; i < 5; i++) expect((await send('contact', payload, ip)).statusCode).toBe(201);
    const limited = await send('contact', payload, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an admin marks a message read, then answered: the list filters by status and getMany finds it by id', async () => {
    const sent = await send('contact', {
      full_name: 'Ayla Gezgin',
      email: 'ayla@example.com',
      subject: 'Fatura',
      message: 'Faturamı nereden indirebilirim?',
    });
    const id = sent.json().data.id as string;
    const fresh = await app.inject({
      method: 'GET',
      url: `/admin/messages?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`,
      headers: bearer(tokens.admin),
    });
    expect(fresh.json().data).toEqual([
      expect.objectContaining({ id, status: 'new', status_changed_by: null, status_changed_at: null }),
    ]);

    const read = await app.inject({
      method: 'PUT',
      url: `/admin/messages/${id}`,
      payload: { status: 'read' },
      headers: bearer(tokens.admin),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      code: 'message_status_changed',
      data: { id, status: 'read', status_changed_by: expect.any(String), status_changed_at: expect.any(String) },
    });
    const answered = await app.inject({
      method: 'PUT',
      url: `/admin/messages/${id}`,
      payload: { status: 'answered' },
      headers: bearer(tokens.admin),
    });
    expect(answered.json().data.status).toBe('answered');

    const byStatus = await app.inject({
      method: 'GET',
      url: '/admin/messages?status=answered',
      headers: bearer(tokens.admin),
    });
    expect(byStatus.json().data.map((m: { id: string }) => m.id)).toEqual([id]);
    const stillNew = await app.inject({
      method: 'GET',
      url: `/admin/messages?filter=${encodeURIComponent(JSON.stringify({ status: 'new' }))}`,
      headers: bearer(tokens.admin),
    });
    expect(stillNew.json().data.map((m: { id: string }) => m.id)).not.toContain(id);
  });

  it('marking refuses a bad status (400 naming the field), an unknown message (404) and anyone but an admin', async () => {
    const bad = await app.inject({
      method: 'PUT',
      url: '/admin/messages/00000000-0000-4000-8000-00000000abcd',
      payload: { status: 'archived' },
      headers: bearer(tokens.admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'status', message: 'Durum new, read veya answered olmalı' }),
    ]);
    const missing = await app.inject({
      method: 'PUT',
      url: '/admin/messages/00000000-0000-4000-8000-00000000abcd',
      payload: { status: 'read' },
      headers: bearer(tokens.admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('inbound_message_not_found');
    for (const token of [tokens.customer, tokens.dealer, tokens.sales]) {
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/admin/messages/00000000-0000-4000-8000-00000000abcd',
            payload: { status: 'read' },
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('only admins read the messages', async () => {
    for (const token of [tokens.customer, tokens.dealer, tokens.sales]) {
      expect((await app.inject({ method: 'GET', url: '/admin/messages', headers: bearer(token) })).statusCode).toBe(
        403,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/admin/messages' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/admin/messages?kind=spam', headers: bearer(tokens.admin) })).statusCode,
    ).toBe(400);
  });
});
