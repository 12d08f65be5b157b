/// <reference lib="dom" />
import { demoAccount } from '@esim/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BackOfficeDataProvider } from '../../../frontend/backoffice/src/providers/dataProvider';
import { page, providerFor, system, useSystem } from './support';

useSystem();

describe('admin: deposits, messages, audit log', () => {
  // One sign-in for the three (the gateway allows 20 a minute per address, and this file signs in often).
  let admin: BackOfficeDataProvider;
  beforeAll(async () => {
    admin = await providerFor('admin@esim.test');
  });

  it('admin/deposits: getList with status filter, sort and range; getOne and getMany through the list; confirm and reject move them to the history', async () => {
    const customer = await providerFor('customer@esim.test');
    const asked: Array<{ id: string; reference_code: string }> = [];
    for (const amount of [12.5, 30, 7.25])
      asked.push(
        (
          await customer.send<{ id: string; reference_code: string }>('POST', 'user/balance/add', {
            amount,
            method: 'bank_transfer',
          })
        ).data,
      );
    const dp = admin;
    const pending = await dp.getList('admin/deposits', {
      pagination: page(100),
      sort: { field: 'amount', order: 'ASC' },
      filter: { status: 'pending' },
    });
    expect(pending.data.every((t) => t.status === 'pending')).toBe(true);
    expect(pending.total).toBe(pending.data.length);
    expect(pending.data.map((t) => t.id)).toEqual(expect.arrayContaining(asked.map((t) => t.id)));
    expect(pending.data.map((t) => t.amount_cents)).toEqual(
      [...pending.data.map((t) => t.amount_cents as number)].sort((a, b) => a - b),
    );
    const mine = pending.data.find((t) => t.id === asked[0]!.id)!;
    expect(mine).toMatchObject({
      reference_code: asked[0]!.reference_code,
      amount_cents: 1250,
      user_email: 'customer@esim.test',
    });
    const second = await dp.getList('admin/deposits', {
      pagination: page(1, 2),
      sort: { field: 'amount', order: 'ASC' },
      filter: { status: 'pending' },
    });
    expect(second.total).toBe(pending.total);
    expect(second.data.map((t) => t.id)).toEqual([pending.data[1]!.id]);
    expect((await dp.getOne('admin/deposits', { id: asked[1]!.id })).data.amount_cents).toBe(3000);
    expect(
      (await dp.getMany('admin/deposits', { ids: [asked[0]!.id, asked[2]!.id] })).data.map((t) => t.id).sort(),
    ).toEqual([asked[0]!.id, asked[2]!.id].sort());

    await dp.send('POST', `admin/deposits/${asked[0]!.id}/confirm`);
    await dp.send('POST', `admin/deposits/${asked[1]!.id}/reject`, { reason: 'Havale gelmedi' });
    const confirmed = await dp.getList('admin/deposits', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'confirmed' },
    });
    expect(confirmed.data.map((t) => t.id)).toContain(asked[0]!.id);
    const rejected = await dp.getList('admin/deposits', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'rejected' },
    });
    expect(rejected.data.find((t) => t.id === asked[1]!.id)).toMatchObject({
      status: 'rejected',
      reason: 'Havale gelmedi',
    });
    const stillPending = await dp.getList('admin/deposits', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(stillPending.total).toBe(pending.total! - 2);
    // 'all' sends no status: the history and the waiting ones together.
    const all = await dp.getList('admin/deposits', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'all' },
    });
    expect(all.total).toBe(stillPending.total! + confirmed.total! + rejected.total!);
  });

  it("admin/payments: a customer's card deposits paid and declined on the demo card page; getList with status, search by part of the provider reference, dates, sort and range; getOne and getMany through the list; the refund with its refund row (reference, status), and the service's refusal of a declined one; the customer's own payments (payments: getList with status, getOne through the list) and their refund of unspent money, once; the customer's transactions filtered by card_deposit and card_refund", async () => {
    const customer = await providerFor('customer@esim.test');
    const payByCard = async (amount: number, number: string) => {
      const { data } = await customer.send<{ id: string; page_url: string }>(
        'POST',
        'user/payments/card',
        { amount, return_path: '/dashboard/balance' },
        { idempotencyKey: crypto.randomUUID() },
      );
      const token = new URL(data.page_url).pathname.split('/').pop()!;
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${system.url}/api/payments${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        });
      expect((await post(`/demo/${token}`, { name: 'Can Müşteri', number, expiry: '12/39', cvc: '123' })).status).toBe(
        200,
      );
      expect((await post(`/demo/${token}/3ds`, { action: 'confirm' })).status).toBe(307);
      expect((await post('/callback', { token })).status).toBe(200);
      return data.id;
    };
    const paidId = await payByCard(21.5, '5528790000000008');
    const declinedId = await payByCard(3.25, '4111111111111129');
    const dp = admin;
    const sort = { field: 'created_at', order: 'DESC' as const };

    const paid = await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'paid' } });
    expect(paid.data.every((p) => p.status === 'paid')).toBe(true);
    expect(paid.total).toBe(paid.data.length);
    const mine = paid.data.find((p) => p.id === paidId)!;
    expect(mine).toMatchObject({
      amount_cents: 2150,
      provider: 'demo',
      user_email: 'customer@esim.test',
      provider_payment_id: expect.stringMatching(/^demo-/),
    });
    const found = await dp.getList('admin/payments', {
      pagination: page(25),
      sort,
      filter: { q: String(mine.provider_payment_id).slice(5, 14) },
    });
    expect(found.data.map((p) => p.id)).toEqual([paidId]);
    const failed = await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'failed' } });
    expect(failed.data.find((p) => p.id === declinedId)).toMatchObject({
      failure_code: 'card_declined_insufficient_funds',
      failure_message: expect.any(String),
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const all = await dp.getList('admin/payments', {
      pagination: page(100),
      sort: { field: 'amount', order: 'ASC' },
      filter: { start_date: today, end_date: today },
    });
    expect(all.data.map((p) => p.id)).toEqual(expect.arrayContaining([paidId, declinedId]));
    expect(all.data.map((p) => p.amount_cents)).toEqual(
      [...all.data.map((p) => p.amount_cents as number)].sort((a, b) => a - b),
    );
    expect(
      (await dp.getList('admin/payments', { pagination: page(100), sort, filter: { end_date: '2020-01-01' } })).total,
    ).toBe(0);
    const second = await dp.getList('admin/payments', {
      pagination: page(1, 2),
      sort: { field: 'amount', order: 'ASC' },
      filter: { start_date: today },
    });
    expect(second.total).toBe(all.total);
    expect(second.data.map((p) => p.id)).toEqual([all.data[1]!.id]);
    expect((await dp.getOne('admin/payments', { id: declinedId })).data.status).toBe('failed');
    expect((await dp.getMany('admin/payments', { ids: [paidId, declinedId] })).data.map((p) => p.id).sort()).toEqual(
      [paidId, declinedId].sort(),
    );

    const refunded = await dp.send<{ status: string }>('POST', `admin/payments/${paidId}/refund`);
    expect(refunded.data.status).toBe('refunded');
    expect(refunded.message).not.toBe('');
    await expect(dp.send('POST', `admin/payments/${declinedId}/refund`)).rejects.toMatchObject({
      status: 409,
      body: { code: 'payment_not_refundable' },
    });
    expect(
      (await dp.getList('admin/payments', { pagination: page(100), sort, filter: { status: 'refunded' } })).data.map(
        (p) => p.id,
      ),
    ).toContain(paidId);
    // The refund is a row of the payment: the whole amount back, the provider's reference, succeeded.
    const back = (await dp.getOne('admin/payments', { id: paidId })).data;
    expect(back).toMatchObject({ purpose: 'deposit', paid_cents: 2150, refunded_cents: 2150, refundable_cents: 0 });
    expect(back.refunds).toEqual([
      expect.objectContaining({
        kind: 'unspent',
        amount_cents: 2150,
        status: 'succeeded',
        provider_refund_id: expect.any(String),
      }),
    ]);

    // The customer's own card payments, as the balance page lists them.
    const ownId = await payByCard(4.75, '5528790000000008');
    const own = await customer.getList('payments', { pagination: page(100), sort, filter: {} });
    expect(own.total).toBe(own.data.length);
    expect(own.data.every((p) => p.user_id === demoAccount('customer@esim.test').id)).toBe(true);
    expect(own.data.map((p) => p.id)).toEqual(expect.arrayContaining([paidId, declinedId, ownId]));
    expect(own.data[0]!.id).toBe(ownId);
    const ownFailed = await customer.getList('payments', { pagination: page(100), sort, filter: { status: 'failed' } });
    expect(ownFailed.data.map((p) => p.id)).toContain(declinedId);
    expect(ownFailed.data.every((p) => p.status === 'failed')).toBe(true);
    const fresh = (await customer.getOne('payments', { id: ownId })).data;
    expect(fresh).toMatchObject({ status: 'paid', purpose: 'deposit', refundable_cents: 475, refunds: [] });
    const asked = await customer.send<{ id: string; refunds: Array<{ kind: string; amount_cents: number }> }>(
      'POST',
      `user/payments/${ownId}/refund`,
    );
    expect(asked.data.refunds).toEqual([expect.objectContaining({ kind: 'unspent', amount_cents: 475 })]);
    expect(asked.message).not.toBe('');
    // Asked again with nothing left: the same refund, no second one.
    const again = await customer.send<{ refunds: unknown[]; refundable_cents: number }>(
      'POST',
      `user/payments/${ownId}/refund`,
    );
    expect(again.data.refunds).toHaveLength(1);
    expect(again.data.refundable_cents).toBe(0);

    const cardIn = await customer.getList('transactions', {
      pagination: page(100),
      sort,
      filter: { type: 'card_top_up' },
    });
    expect(cardIn.data.every((t) => t.type === 'card_top_up')).toBe(true);
    expect(cardIn.data.some((t) => t.amount_cents === 2150)).toBe(true);
    const cardOut = await customer.getList('transactions', {
      pagination: page(100),
      sort,
      filter: { type: 'card_refund' },
    });
    expect(cardOut.data.every((t) => t.type === 'card_refund')).toBe(true);
    expect(cardOut.data.some((t) => t.amount_cents === -2150)).toBe(true);
    expect(cardOut.data.some((t) => t.amount_cents === -475)).toBe(true);
  });

  it('admin/messages: getList with search, kind, status and dates, range; getOne and getMany; update marks read and answered', async () => {
    const sent: string[] = [];
    for (const subject of ['Toplu eSIM teklifi', 'Fatura sorusu']) {
      const res = await fetch(`${system.url}/api/messages/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          full_name: 'Kontrat Gönderen',
          email: 'sender@example.com',
          subject,
          message: `${subject}: ayrıntılar bu mesajda.`,
        }),
      });
      expect(res.status).toBe(201);
      sent.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const dp = admin;
    const all = await dp.getList('admin/messages', {
      pagination: page(100),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(all.total).toBe(all.data.length);
    expect(all.data.map((m) => m.id)).toEqual(expect.arrayContaining(sent));
    const searched = await dp.getList('admin/messages', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'Fatura', kind: 'contact', status: 'new' },
    });
    expect(searched.data.map((m) => m.id)).toEqual([sent[1]]);
    expect(
      (
        await dp.getList('admin/messages', {
          pagination: page(25),
          sort: { field: 'created_at', order: 'DESC' },
          filter: { kind: 'partnership', q: 'Fatura' },
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await dp.getList('admin/messages', {
          pagination: page(25),
          sort: { field: 'created_at', order: 'DESC' },
          filter: { start_date: '2099-01-01' },
        })
      ).total,
    ).toBe(0);
    const onePage = await dp.getList('admin/messages', {
      pagination: page(1, 2),
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(onePage.data.map((m) => m.id)).toEqual([all.data[1]!.id]);
    expect((await dp.getOne('admin/messages', { id: sent[0]! })).data.subject).toBe('Toplu eSIM teklifi');
    expect((await dp.getMany('admin/messages', { ids: sent })).data.map((m) => m.id).sort()).toEqual([...sent].sort());

    const read = await dp.update('admin/messages', {
      id: sent[0]!,
      data: { status: 'read' },
      previousData: { id: sent[0]! },
    });
    expect(read.data).toMatchObject({ id: sent[0], status: 'read' });
    await dp.update('admin/messages', { id: sent[1]!, data: { status: 'answered' }, previousData: { id: sent[1]! } });
    const answered = await dp.getList('admin/messages', {
      pagination: page(25),
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'answered' },
    });
    expect(answered.data.map((m) => m.id)).toContain(sent[1]);
    expect(answered.data.every((m) => m.status === 'answered')).toBe(true);
  });

  it("admin/audit-log: the writes above from auth and balance, merged; filters by person, action, route and dates, range; getOne and getMany by the entry's id", async () => {
    const dp = admin;
    const adminId = demoAccount('admin@esim.test').id;
    const sort = { field: 'at', order: 'DESC' as const };
    // Each service records a write after answering it: wait until the last ones are there.
    const countOf = async (filter: Record<string, string>) =>
      (await dp.getList('admin/audit-log', { pagination: page(1), sort, filter })).total ?? 0;
    for (let tries = 0; tries < 50 && (await countOf({ route: '/admin/messages/:id' })) < 2; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const all = await dp.getList('admin/audit-log', { pagination: page(100), sort, filter: { actor_id: adminId } });
    expect(all.meta.unavailable).toEqual([]);
    expect(
      all.data.every((e) => e.actor_id === adminId && e.actor_name === demoAccount('admin@esim.test').fullName),
    ).toBe(true);
    expect([...new Set(all.data.map((e) => e.service))]).toEqual(expect.arrayContaining(['auth', 'balance']));
    expect(all.data.map((e) => e.at)).toEqual([...all.data.map((e) => e.at as string)].sort().reverse());

    const confirms = await dp.getList('admin/audit-log', {
      pagination: page(25),
      sort,
      filter: { method: 'POST', route: '/admin/deposits/:id/confirm' },
    });
    expect(confirms.total).toBe(1);
    expect(confirms.data[0]).toMatchObject({ service: 'balance', method: 'POST', status_code: 200, actor_id: adminId });
    const messageUpdates = await dp.getList('admin/audit-log', {
      pagination: page(25),
      sort,
      filter: { route: '/admin/messages/:id', service: 'auth' },
    });
    expect(messageUpdates.total).toBe(2);
    expect(messageUpdates.data.every((e) => e.method === 'PUT' && /^auth:\d+$/.test(e.id as string))).toBe(true);
    expect(
      (await dp.getList('admin/audit-log', { pagination: page(25), sort, filter: { start_date: '2099-01-01' } })).total,
    ).toBe(0);

    const second = await dp.getList('admin/audit-log', { pagination: page(1, 2), sort, filter: { actor_id: adminId } });
    expect(second.total).toBe(all.total);
    expect(second.data.map((e) => e.id)).toEqual([all.data[1]!.id]);
    const one = await dp.getOne('admin/audit-log', { id: confirms.data[0]!.id });
    expect(one.data).toMatchObject({ id: confirms.data[0]!.id, route: '/admin/deposits/:id/confirm' });
    const two = [all.data[0]!.id, messageUpdates.data[1]!.id];
    expect((await dp.getMany('admin/audit-log', { ids: two })).data.map((e) => e.id).sort()).toEqual([...two].sort());
  });
});
