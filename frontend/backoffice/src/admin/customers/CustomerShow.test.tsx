import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const customer = {
  id: 'c-1',
  full_name: 'Elif Şahin',
  email: 'elif@example.com',
  phone: null,
  status: 'active',
  created_at: '2026-09-01T08:00:00.000Z',
};
const order = {
  id: 'order-1',
  order_number: 'ESX7K2Q9',
  package: { name: 'Türkiye 1 GB' },
  quantity: 1,
  total: 4.5,
  status: 'completed',
  created_at: '2026-11-20T09:00:00.000Z',
};
const payment = {
  id: 'pay-1',
  status: 'refunded',
  amount_cents: 2000,
  refunded_cents: 2000,
  refundable_cents: 0,
  refunds: [],
  created_at: '2026-11-19T09:00:00.000Z',
};

describe("the admin's customer page", () => {
  it("shows the customer's eSIM orders and card payments with what was refunded, each list filtered to them", async () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getOne: async (resource, params) =>
        resource === 'admin/customers' ? { data: customer as never } : base.getOne(resource, params),
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        if (resource === 'admin/esim-orders') return { data: [order] as never[], total: 1 };
        if (resource === 'admin/payments') return { data: [payment] as never[], total: 1 };
        return base.getList(resource, params);
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/customers/c-1/show', dataProvider });
    expect(await screen.findByRole('heading', { name: 'Elif Şahin' }, { timeout: 30_000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'ESX7K2Q9' })).toHaveAttribute(
      'href',
      '/admin/esim-orders/order-1/show',
    );
    await waitFor(() => expect(screen.getAllByText('20,00 €')).toHaveLength(2));
    for (const resource of ['admin/esim-orders', 'admin/payments'])
      expect(dataProvider.calls).toContainEqual(
        expect.objectContaining({ resource, params: expect.objectContaining({ filter: { user_id: 'c-1' } }) }),
      );
  });
});
