import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const log = (id: number, amount: number) => ({
  id,
  kind: 'dealer-to-sales-manager',
  dealer_name: 'Deniz Telekom Ltd. Şti.',
  sales_manager_name: 'Serkan Satış',
  collected_by_name: 'Serkan Satış',
  note: null,
  amount,
  created_at: '2026-11-20T09:00:00.000Z',
});

describe('collection logs (admin)', () => {
  it('shows the sum and count of every matching log from the service, not of the page', async () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) =>
        resource === 'admin/collection-logs'
          ? { data: [log(1, 100), log(2, 20.5)] as never[], total: 30, meta: { amount_cents: 123456 } }
          : base.getList(resource, params),
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/collection-logs', dataProvider });
    const total = await screen.findByTestId('logs-total', {}, { timeout: 30_000 });
    expect(total).toHaveTextContent('1.234,56 €');
    const totals = total.closest('.MuiStack-root') as HTMLElement;
    expect(within(totals).getByText('Tahsilat')).toBeInTheDocument();
    expect(within(totals).getByText('30')).toBeInTheDocument();
  }, 60_000);
});
