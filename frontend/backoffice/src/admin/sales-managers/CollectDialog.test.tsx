import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { amountProblem } from '../../layout/AmountDialog';

const manager = {
  id: SESSIONS.salesManager.user.id,
  full_name: 'Serkan Satış',
  email: 'sales@esim.test',
  phone: null,
  region: 'Marmara',
  status: 'active',
  dealer_count: 2,
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
  dealer_count: 2,
};

function renderSalesManagers(send?: ReturnType<typeof fakeDataProvider>['send']) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) =>
      resource === 'admin/sales-managers' ? { data: [manager] as never[], total: 1 } : base.getList(resource, params),
    read: async (path, query) =>
      path === 'admin/sales-managers/balances' ? ([figures] as never) : base.read(path, query),
    ...(send ? { send } : {}),
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/sales-managers', dataProvider });
  return dataProvider;
}

describe('collect dialog (admin, cash from a sales manager)', () => {
  it('judges the amount against the cash held: more than held, unreadable or empty is refused', () => {
    expect(amountProblem('120', 12000)).toBeNull();
    expect(amountProblem('120,00', 12000)).toBeNull();
    expect(amountProblem('120,01', 12000)).toBe('over_limit');
    expect(amountProblem('0,5', 12000)).toBeNull();
    expect(amountProblem('12,345', 12000)).toBe('invalid');
    expect(amountProblem('', 12000)).toBe('empty');
  });

  it('refuses more than held before asking, then confirms and sends what is held at most', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSalesManagers();
    expect(await screen.findByText('120,00 €', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tahsil et' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Tahsil edilen tutar' });
    await user.type(amount, '120,50');
    expect(
      within(dialog).getByText('Satış müdürünün elinde 120,00 € var; daha fazlası teslim alınamaz'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Devam' })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '100,50');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    expect(within(dialog).getByTestId('collect-confirmation').textContent?.replace(/\s/g, ' ')).toContain(
      'Serkan Satış adlı satış müdüründen nakit 100,50 € teslim alınacak.',
    );
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:POST')).toMatchObject({
      resource: 'admin/sales-managers/collect',
      params: { sales_manager_id: manager.id, amount: 100.5, note: null },
    });
  }, 60_000);

  it("shows the server's refusal as it is (the cash changed since the list was read)", async () => {
    const user = userEvent.setup();
    renderSalesManagers(async () => {
      throw new HttpError('Tutar eldeki nakdi aşıyor', 422, { message: 'Tutar eldeki nakdi aşıyor', errors: {} });
    });
    await user.click(await screen.findByRole('button', { name: 'Tahsil et' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tahsil edilen tutar' }), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    expect(await within(dialog).findByText('Tutar eldeki nakdi aşıyor')).toBeInTheDocument();
  }, 60_000);
});
