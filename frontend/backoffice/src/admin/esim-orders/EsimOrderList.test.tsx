import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { resourceDef } from '../../providers/resources';

const order = {
  id: 'order-1',
  order_number: 'ESX7K2Q9',
  user_id: 'u-elif',
  package: { name: 'Türkiye 1 GB', title: 'Türkiye 1 GB' },
  quantity: 1,
  total: 4.5,
  status: 'completed',
  created_at: '2026-11-20T09:00:00.000Z',
};

describe("the admin's eSIM order list", () => {
  it("shows each buyer's name and e-mail from one call per page, and filters by buyer on the server", async () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return resource === 'admin/esim-orders'
          ? { data: [order] as never[], total: 1 }
          : base.getList(resource, params);
      },
      read: async (path, query) => {
        dataProvider.calls.push({ method: 'read', resource: path, params: query });
        return path === 'admin/accounts/names'
          ? ([{ id: 'u-elif', name: 'Elif Şahin', email: 'elif@example.com' }] as never)
          : base.read(path, query);
      },
    });
    renderApp({
      session: SESSIONS.admin,
      path: `/admin/esim-orders?filter=${encodeURIComponent(JSON.stringify({ buyer: 'elif' }))}`,
      dataProvider,
    });
    const name = await screen.findByText('Elif Şahin', {}, { timeout: 30_000 });
    expect(within(name.closest('td')!).getByText('elif@example.com')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.resource === 'admin/accounts/names')).toEqual([
      expect.objectContaining({ params: { ids: 'u-elif' } }),
    ]);
    expect(dataProvider.calls).toContainEqual(
      expect.objectContaining({
        method: 'getList',
        resource: 'admin/esim-orders',
        params: expect.objectContaining({ filter: { buyer: 'elif' } }),
      }),
    );
    expect(resourceDef('admin/esim-orders').filters).toContain('buyer');
  });
});
