import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, PHYSICAL_ORDER, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const RETURN = {
  id: '00000000-0000-4000-8000-0000000000d1',
  user_id: SESSIONS.dealer.user.id,
  dealer_name: 'Deniz Telekom Ltd. Şti.',
  card_ids: ['card-1', 'card-2'],
  cards: [
    {
      id: 'card-1',
      iccid: '8990011234567890001',
      serial_number: '700100200001',
      package_name: 'Plus Avrupa 10 GB',
      status: 'returned',
    },
    {
      id: 'card-2',
      iccid: '8990011234567890002',
      serial_number: '700100200002',
      package_name: 'Plus Avrupa 10 GB',
      status: 'returned',
    },
  ],
  reason: 'Müşteri vazgeçti',
  status: 'pending',
  refund: 40,
  refund_cents: 4000,
  rejection_reason: null,
  auto_approved: false,
  created_at: '2026-11-22T10:00:00.000Z',
  decided_at: null,
};

const orderRow = async () => (await screen.findByText('PS10001')).closest('tr') as HTMLElement;

beforeAll(async () => {
  await Promise.all([import('./OrderList'), import('../physical-sim-returns/ReturnList'), import('../../App')]);
}, 60_000);

describe('Plus orders: approve and reject', () => {
  it('approve asks first, naming what it does, then POSTs the approval', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-orders' });
    const user = userEvent.setup();
    await user.click(within(await orderRow()).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Deniz Telekom Ltd. Şti. stoktan 5 × Plus Avrupa 10 GB alır ve bakiyesinde ayrılan 100,00 € tahsil edilir.',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/physical-sim/orders/${PHYSICAL_ORDER.id}/approve`,
        params: undefined,
      }),
    );
    const list = dataProvider.calls.find(
      (c) =>
        c.method === 'getList' &&
        c.resource === 'admin/physical-sim-orders' &&
        (c.params as { pagination: { perPage: number } }).pagination.perPage === 25,
    );
    expect(list?.params).toMatchObject({ filter: { status: 'pending' } });
  }, 60_000);

  it('an order billed by invoice claims no hold: approving names the invoice, not a held amount', async () => {
    const invoiced = { ...PHYSICAL_ORDER, hold_id: null };
    renderApp({
      session: SESSIONS.admin,
      path: '/admin/physical-sim-orders',
      dataProvider: fakeDataProvider({
        getList: async () => ({ data: [invoiced], total: 1 }) as never,
      }),
    });
    const user = userEvent.setup();
    await user.click(within(await orderRow()).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Deniz Telekom Ltd. Şti. stoktan 5 × Plus Avrupa 10 GB alır; 100,00 € faturayla ödenir, bakiyeden tahsil edilmez.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/ayrılan/)).not.toBeInTheDocument();
  }, 60_000);

  it('reject needs a reason, then POSTs it', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-orders' });
    const user = userEvent.setup();
    await user.click(within(await orderRow()).getByRole('button', { name: 'Reddet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/PS10001 numaralı siparişi: 5 × Plus Avrupa 10 GB, 100,00 €/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    expect(await within(dialog).findByText('Ret nedenini yazın')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.type(within(dialog).getByLabelText('Neden'), 'Stok gelecek hafta');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/physical-sim/orders/${PHYSICAL_ORDER.id}/reject`,
        params: { reason: 'Stok gelecek hafta' },
      }),
    );
  }, 60_000);

  it('an approval refused for stock shows the cards in admin stock and links to them', async () => {
    const dataProvider = fakeDataProvider({
      send: async (method, path, body) => {
        dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
        throw Object.assign(new Error('Stok yetersiz: bu paketten 3 kart var'), {
          status: 409,
          body: { code: 'not_enough_stock' },
        });
      },
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        if (resource === 'admin/physical-sim-stock') return { data: [], total: 3 };
        return { data: [PHYSICAL_ORDER] as never, total: 1 };
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-orders', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await orderRow()).getByRole('button', { name: 'Onayla' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText('Stok yetersiz: yönetici stoğunda bu paketten 3 kart var.')).toBeInTheDocument();
    const stockQuery = dataProvider.calls.find((c) => c.resource === 'admin/physical-sim-stock');
    expect(stockQuery?.params).toMatchObject({
      filter: { status: 'in_stock', package_id: PHYSICAL_ORDER.package_id, owner_user_id: 'admin' },
    });
    await user.click(await screen.findByRole('link', { name: 'Stoğu gör' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/physical-sim-stock'));
  }, 60_000);
});

describe('card returns: approve and reject', () => {
  const withReturn = () => {
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return resource === 'admin/physical-sim-returns'
          ? { data: [RETURN] as never, total: 1 }
          : { data: [], total: 0 };
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-returns', dataProvider });
    return dataProvider;
  };
  const returnRow = async () => (await screen.findByText('Müşteri vazgeçti')).closest('tr') as HTMLElement;

  it('approve names the refund, then POSTs the approval', async () => {
    const dataProvider = withReturn();
    const user = userEvent.setup();
    await user.click(within(await returnRow()).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '2 kart yönetici stoğuna döner ve Deniz Telekom Ltd. Şti. bayisine 40,00 € iade edilir.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/physical-sim/returns/${RETURN.id}/approve`,
        params: undefined,
      }),
    );
  }, 60_000);

  it('reject needs a reason, then POSTs it', async () => {
    const dataProvider = withReturn();
    const user = userEvent.setup();
    await user.click(within(await returnRow()).getByRole('button', { name: 'Reddet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    expect(await within(dialog).findByText('Ret nedenini yazın')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Neden'), 'Kartlar etkinleştirilmiş');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/physical-sim/returns/${RETURN.id}/reject`,
        params: { reason: 'Kartlar etkinleştirilmiş' },
      }),
    );
  }, 60_000);
});
