import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const manager = {
  id: SESSIONS.salesManager.user.id,
  full_name: 'Serkan Satış',
  email: 'sales@esim.test',
  phone: '+90 532 000 00 00',
  region: 'Marmara',
  status: 'active',
  dealer_count: 1,
  created_at: '2026-10-01T08:00:00.000Z',
};
const figures = {
  sales_manager_id: manager.id,
  balance: 0,
  cash_held: 120,
  cash_held_cents: 12000,
  collected_today_cents: 0,
  collected_this_month_cents: 12000,
  outstanding: 380,
  outstanding_cents: 38000,
  dealer_count: 1,
};
const dealer = { id: 'd-1', company_name: 'Deniz Telekom Ltd. Şti.', full_name: 'Deniz Bayi', status: 'active' };

function renderManager() {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) =>
      resource === 'admin/sales-managers' ? { data: manager as never } : base.getOne(resource, params),
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      if (resource === 'admin/dealers') return { data: [dealer] as never[], total: 1 };
      if (resource === 'admin/collection-logs')
        return {
          data: [],
          total: 0,
          meta: { amount_cents: 0, dealer_collections_cents: 45000, handovers_cents: 30000 },
        };
      return base.getList(resource, params);
    },
    read: async (path, query) =>
      path === 'admin/sales-managers/balances' ? ([figures] as never) : base.read(path, query),
  });
  renderApp({ session: SESSIONS.admin, path: `/admin/sales-managers/${manager.id}/show`, dataProvider });
  return dataProvider;
}

describe("the admin's sales manager page", () => {
  it('shows the cash figures, collections from dealers and hand-overs apart, and their dealers by debt', async () => {
    const dataProvider = renderManager();
    expect(await screen.findByRole('heading', { name: 'Serkan Satış' }, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('app.collection_logs.dealer_total')).toHaveTextContent('450,00 €'));
    expect(screen.getByTestId('app.collection_logs.handover_total')).toHaveTextContent('300,00 €');
    expect(await screen.findByRole('link', { name: 'Deniz Telekom Ltd. Şti.' })).toHaveAttribute(
      'href',
      '/admin/dealers/d-1/show',
    );
    const dealersRead = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/dealers');
    expect(dealersRead?.params).toMatchObject({
      filter: { sales_manager_id: manager.id },
      sort: { field: 'owed_cents', order: 'DESC' },
    });
  });

  it('suspends the sales manager after asking, through their status route', async () => {
    const user = userEvent.setup();
    const dataProvider = renderManager();
    await user.click(await screen.findByRole('button', { name: 'Askıya al' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Serkan Satış askıya alınsın mı?');
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual(
        expect.objectContaining({
          method: 'send:PUT',
          resource: `admin/sales-managers/${manager.id}/status`,
          params: { status: 'suspended' },
        }),
      ),
    );
  });
});
