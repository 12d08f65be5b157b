/// <reference lib="dom" />
import { DEMO_PLUS_PACKAGES, demoAccount } from '@esim/contracts';
import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { page, providerFor, useSystem } from './support';

useSystem();

describe('admin: physical-SIM orders, returns, imports and stock', () => {
  const dealerId = () => demoAccount('dealer@esim.test').id;
  const byCreated = { field: 'created_at', order: 'ASC' as const };

  it('admin/physical-sim-orders: pending first by default, status filter, range; getOne with the cards, getMany by ids; approve and reject move an order between the lists', async () => {
    const dealer = await providerFor('dealer@esim.test');
    const dp = await providerFor('admin@esim.test');
    const pkg = (
      await dealer.getList('physical-sim-packages', {
        pagination: page(100),
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      })
    ).data.find((p) => p.available >= 4)!;
    const { data: toApprove } = await dealer.send<{ id: string; total_cents: number }>(
      'POST',
      'user/physical-sim/order',
      { package_id: pkg.id, quantity: 3 },
    );
    const { data: toReject } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/order', {
      package_id: pkg.id,
      quantity: 1,
    });

    const pending = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: {},
    });
    expect(pending.total).toBe(pending.data.length);
    expect(pending.data.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.data.map((o) => o.id)).toEqual(expect.arrayContaining([toApprove.id, toReject.id]));
    // Oldest first: the one waiting longest is decided first.
    const created = pending.data.map((o) => o.created_at as string);
    expect(created).toEqual([...created].sort());
    const mine = pending.data.find((o) => o.id === toApprove.id)!;
    expect(mine).toMatchObject({
      user_id: dealerId(),
      quantity: 3,
      total_cents: toApprove.total_cents,
      dealer_name: expect.any(String),
    });
    const second = await dp.getList('admin/physical-sim-orders', {
      pagination: page(1, 2),
      sort: byCreated,
      filter: {},
    });
    expect(second.total).toBe(pending.total);
    expect(second.data.map((o) => o.id)).toEqual([pending.data[1]!.id]);

    const { data: one } = await dp.getOne('admin/physical-sim-orders', { id: toApprove.id });
    expect(one).toMatchObject({ id: toApprove.id, status: 'pending', card_ids: [] });
    expect((await dp.getMany('admin/physical-sim-orders', { ids: [toReject.id] })).data.map((o) => o.id)).toEqual([
      toReject.id,
    ]);

    await dp.send('POST', `admin/physical-sim/orders/${toApprove.id}/approve`);
    const { data: rejected } = await dp.send<{ status: string; reason: string }>(
      'POST',
      `admin/physical-sim/orders/${toReject.id}/reject`,
      { reason: 'Kontrat testi: stok ayrıldı' },
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Kontrat testi: stok ayrıldı' });
    const { data: approved } = await dp.getOne('admin/physical-sim-orders', { id: toApprove.id });
    expect(approved.status).toBe('approved');
    expect(approved.card_ids).toHaveLength(3);

    // getMany names its ids whatever their status (a decided order is no longer in the pending list).
    const decided = await dp.getMany('admin/physical-sim-orders', { ids: [toApprove.id, toReject.id] });
    expect(decided.data.map((o) => `${o.id}:${o.status}`).sort()).toEqual(
      [`${toApprove.id}:approved`, `${toReject.id}:rejected`].sort(),
    );

    const still = await dp.getList('admin/physical-sim-orders', { pagination: page(100), sort: byCreated, filter: {} });
    expect(still.total).toBe(pending.total! - 2);
    expect(still.data.map((o) => o.id)).not.toContain(toApprove.id);
    const approvedList = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'approved' },
    });
    expect(approvedList.data.map((o) => o.id)).toContain(toApprove.id);
    expect(approvedList.data.every((o) => o.status === 'approved')).toBe(true);
    const rejectedList = await dp.getList('admin/physical-sim-orders', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'rejected' },
    });
    expect(rejectedList.data.map((o) => o.id)).toEqual([toReject.id]);
    // The order's cards are the stock list's, read by their ids (the show page's card table).
    const cards = await dp.getList('admin/physical-sim-stock', {
      pagination: page(100),
      sort: { field: 'serial_number', order: 'ASC' },
      filter: { id: approved.card_ids },
    });
    expect(cards.total).toBe(3);
    expect(cards.data.every((c) => c.owner_user_id === dealerId() && c.status === 'assigned')).toBe(true);
  });

  it('admin/physical-sim-returns: pending list with the cards, status filter; getOne and getMany; approve refunds, reject keeps its reason', async () => {
    const dealer = await providerFor('dealer@esim.test');
    const dp = await providerFor('admin@esim.test');
    const seeded = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: {},
    });
    expect(seeded.total).toBe(seeded.data.length);
    expect(seeded.total).toBeGreaterThan(0);
    const inReturns = new Set(seeded.data.flatMap((r) => r.card_ids as string[]));
    const free = (
      await dealer.getList('physical-sim-cards', {
        pagination: page(100),
        sort: { field: 'serial_number', order: 'ASC' },
        filter: { status: 'assigned' },
      })
    ).data.filter((c) => c.returnable && !inReturns.has(c.id));
    const { data: toApprove } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/return', {
      card_ids: [free[0]!.id],
      reason: 'Kontrat: onaylanacak',
    });
    const { data: toReject } = await dealer.send<{ id: string }>('POST', 'user/physical-sim/return', {
      card_ids: [free[1]!.id],
      reason: 'Kontrat: reddedilecek',
    });

    const pending = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'pending' },
    });
    expect(pending.total).toBe(seeded.total! + 2);
    const listed = pending.data.find((r) => r.id === toApprove.id)!;
    expect(listed).toMatchObject({ user_id: dealerId(), card_ids: [free[0]!.id], reason: 'Kontrat: onaylanacak' });
    expect(listed.cards.map((c: { serial_number: string }) => c.serial_number)).toEqual([free[0]!.serial_number]);
    expect((await dp.getOne('admin/physical-sim-returns', { id: toReject.id })).data).toMatchObject({
      id: toReject.id,
      status: 'pending',
      dealer_name: expect.any(String),
    });
    expect((await dp.getMany('admin/physical-sim-returns', { ids: [toApprove.id] })).data.map((r) => r.id)).toEqual([
      toApprove.id,
    ]);

    const { data: approved } = await dp.send<{ status: string; refund_cents: number }>(
      'POST',
      `admin/physical-sim/returns/${toApprove.id}/approve`,
    );
    expect(approved.status).toBe('approved');
    const refused = await dp.send('POST', `admin/physical-sim/returns/${toApprove.id}/approve`).catch((error) => error);
    expect(refused.status).toBe(409);
    await dp.send('POST', `admin/physical-sim/returns/${toReject.id}/reject`, { reason: 'Kart kullanılmış' });
    expect((await dp.getOne('admin/physical-sim-returns', { id: toReject.id })).data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Kart kullanılmış',
    });
    const approvedList = await dp.getList('admin/physical-sim-returns', {
      pagination: page(100),
      sort: byCreated,
      filter: { status: 'approved' },
    });
    expect(approvedList.data.map((r) => r.id)).toContain(toApprove.id);
    expect(approvedList.data.find((r) => r.id === toApprove.id)!.refund_cents).toBe(approved.refund_cents);
    expect(
      (await dp.getList('admin/physical-sim-returns', { pagination: page(100), sort: byCreated, filter: {} })).total,
    ).toBe(seeded.total);
  });

  it('admin/physical-sim-import: an uploaded file is a queued job in the list (status filter, search by file name), getOne with its counts and errors', async () => {
    const dp = await providerFor('admin@esim.test');
    const before = await dp.getList('admin/physical-sim-import', { pagination: page(25), sort: byCreated, filter: {} });
    const form = new FormData();
    form.append(
      'file',
      new Blob(['iccid,serial_number,eid,package_code\n'], { type: 'text/csv' }),
      'kontrat-kartlar.csv',
    );
    const { data: job } = await dp.send<{ id: string; status: string }>(
      'POST',
      'admin/physical-sim/import-excel',
      form,
    );
    const { data: second } = await dp.send<{ id: string }>('POST', 'admin/physical-sim/import-excel', form);
    expect(job.status).toBe('queued');

    const all = await dp.getList('admin/physical-sim-import', { pagination: page(25), sort: byCreated, filter: {} });
    expect(all.total).toBe(before.total! + 2);
    // Newest first: the last upload heads the list.
    expect(all.data.slice(0, 2).map((j) => j.id)).toEqual([second.id, job.id]);
    const onePage = await dp.getList('admin/physical-sim-import', {
      pagination: page(1, 2),
      sort: byCreated,
      filter: {},
    });
    expect(onePage.data.map((j) => j.id)).toEqual([job.id]);
    const found = await dp.getList('admin/physical-sim-import', {
      pagination: page(25),
      sort: byCreated,
      filter: { q: 'kontrat-kart' },
    });
    expect(found.data.map((j) => j.file_name)).toEqual(['kontrat-kartlar.csv', 'kontrat-kartlar.csv']);
    expect(
      (
        await dp.getList('admin/physical-sim-import', {
          pagination: page(25),
          sort: byCreated,
          filter: { status: 'completed', q: 'kontrat-kart' },
        })
      ).total,
    ).toBe(0);
    expect(
      (
        await dp.getList('admin/physical-sim-import', {
          pagination: page(25),
          sort: byCreated,
          filter: { status: 'queued', q: 'kontrat-kart' },
        })
      ).total,
    ).toBe(2);

    const { data: one } = await dp.getOne('admin/physical-sim-import', { id: job.id });
    expect(one).toMatchObject({
      id: job.id,
      format: 'csv',
      status: 'queued',
      rows_read: 0,
      rows_imported: 0,
      rows_rejected: 0,
      percent: 0,
      errors: [],
    });
    const missing = await dp.getOne('admin/physical-sim-import', { id: crypto.randomUUID() }).catch((error) => error);
    expect(missing.status).toBe(404);
  });

  it('admin/physical-sim-stock: status, package and owner filters with exact totals, sort and range, search; getOne with history, getMany; status change and delete after the deletion-info', async () => {
    const dp = await providerFor('admin@esim.test');
    const sort = { field: 'serial_number', order: 'ASC' as const };
    // Every card, a page of 100 (the services' largest) at a time: the reference the filtered totals are checked against.
    const everyCard = async () => {
      const first = await dp.getList('admin/physical-sim-stock', { pagination: page(100), sort, filter: {} });
      const data = [...first.data];
      for (let n = 2; data.length < first.total!; n += 1)
        data.push(
          ...(await dp.getList('admin/physical-sim-stock', { pagination: page(100, n), sort, filter: {} })).data,
        );
      return { total: first.total!, data };
    };
    const all = await everyCard();
    expect(all.data).toHaveLength(all.total);
    expect(new Set(all.data.map((c) => c.id)).size).toBe(all.total);
    const serials = all.data.map((c) => c.serial_number as string);
    expect(serials).toEqual([...serials].sort());
    const second = await dp.getList('admin/physical-sim-stock', { pagination: page(25, 2), sort, filter: {} });
    expect(second.total).toBe(all.total);
    expect(second.data.map((c) => c.id)).toEqual(all.data.slice(25, 50).map((c) => c.id));
    const descending = await dp.getList('admin/physical-sim-stock', {
      pagination: page(5),
      sort: { field: 'serial_number', order: 'DESC' },
      filter: {},
    });
    expect(descending.data.map((c) => c.id)).toEqual(
      all.data
        .slice(-5)
        .reverse()
        .map((c) => c.id),
    );

    const pkg = DEMO_PLUS_PACKAGES[0]!;
    const expected = (keep: (c: RaRecord) => boolean) => all.data.filter(keep).length;
    const filters: Array<[Record<string, unknown>, (c: RaRecord) => boolean]> = [
      [{ status: 'in_stock' }, (c) => c.status === 'in_stock'],
      [{ package_id: pkg.id }, (c) => c.package_id === pkg.id],
      [{ owner_user_id: dealerId() }, (c) => c.owner_user_id === dealerId()],
      [
        { owner_user_id: 'admin', status: 'in_stock', package_id: pkg.id },
        (c) => c.owner_user_id === null && c.status === 'in_stock' && c.package_id === pkg.id,
      ],
    ];
    for (const [filter, keep] of filters) {
      const listed = await dp.getList('admin/physical-sim-stock', { pagination: page(10), sort, filter });
      expect(listed.total, JSON.stringify(filter)).toBe(expected(keep));
      expect(listed.total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(listed.data.every(keep), JSON.stringify(filter)).toBe(true);
    }
    const inAdminStock = all.data.filter((c) => c.owner_user_id === null && c.status === 'in_stock');
    const card = inAdminStock[7]!;
    const searched = await dp.getList('admin/physical-sim-stock', {
      pagination: page(25),
      sort,
      filter: { q: card.serial_number },
    });
    expect(searched.data.map((c) => c.id)).toEqual([card.id]);
    expect(searched.total).toBe(1);

    const { data: detail } = await dp.getOne('admin/physical-sim-stock', { id: card.id });
    expect(detail).toMatchObject({
      id: card.id,
      serial_number: card.serial_number,
      status: 'in_stock',
      owner_user_id: null,
    });
    expect(detail.history.map((h: { action: string }) => h.action)).toContain('imported');
    const two = [inAdminStock[0]!.id, inAdminStock[3]!.id];
    expect((await dp.getMany('admin/physical-sim-stock', { ids: two })).data.map((c) => c.id).sort()).toEqual(
      [...two].sort(),
    );

    // The screen's single-card status change (no PUT /:id: the status route), then the history shows it.
    const { data: defective } = await dp.send<{ status: string }>('PUT', `admin/physical-sim/stock/${card.id}/status`, {
      status: 'defective',
      reason: 'Kontrat testi',
    });
    expect(defective.status).toBe('defective');
    expect((await dp.getOne('admin/physical-sim-stock', { id: card.id })).data.history).toHaveLength(
      detail.history.length + 1,
    );
    expect(
      (
        await dp.getList('admin/physical-sim-stock', { pagination: page(10), sort, filter: { status: 'defective' } })
      ).data.map((c) => c.id),
    ).toContain(card.id);

    // Delete: the deletion-info first; react-admin's plain delete carries no reason and is refused naming it.
    const info = await dp.read<{ can_delete: boolean; blocking_reasons: string[] }>(
      `admin/physical-sim/stock/${card.id}/deletion-info`,
    );
    expect(info).toMatchObject({ can_delete: true, blocking_reasons: [] });
    const unexplained = await dp
      .delete('admin/physical-sim-stock', { id: card.id, previousData: card })
      .catch((error) => error);
    expect(unexplained.status).toBe(400);
    expect(unexplained.body.errors.body).toEqual(expect.any(String));
    const { data: deleted } = await dp.send('DELETE', `admin/physical-sim/stock/${card.id}`, {
      reason: 'Kontrat testi: hasarlı kart',
    });
    expect(deleted).toEqual({ id: card.id, deleted: true });
    const after = await everyCard();
    expect(after.total).toBe(all.total - 1);
    expect(after.data.map((c) => c.id)).not.toContain(card.id);
    expect((await dp.getOne('admin/physical-sim-stock', { id: card.id }).catch((error) => error)).status).toBe(404);
    // A dealer's card is not deletable: the deletion-info says why before anything is tried.
    const held = all.data.find((c) => c.owner_user_id === dealerId())!;
    const heldInfo = await dp.read<{ can_delete: boolean; blocking_reasons: string[] }>(
      `admin/physical-sim/stock/${held.id}/deletion-info`,
    );
    expect(heldInfo.can_delete).toBe(false);
    expect(heldInfo.blocking_reasons.length).toBeGreaterThan(0);
  });
});
