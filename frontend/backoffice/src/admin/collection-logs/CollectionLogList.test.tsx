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
  it('shows dealer collections and hand-overs apart, summed over every matching log by the service', async () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) =>
        resource === 'admin/collection-logs'
          ? {
              data: [log(1, 100), log(2, 20.5)] as never[],
              total: 30,
              meta: { amount_cents: 133456, dealer_collections_cents: 123456, handovers_cents: 10000 },
            }
          : base.getList(resource, params),
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/collection-logs', dataProvider });
    const dealers = await screen.findByTestId('logs-dealer-total', {}, { timeout: 30_000 });
    expect(dealers).toHaveTextContent('1.234,56 €');
    expect(screen.getByTestId('logs-handover-total')).toHaveTextContent('100,00 €');
    const totals = dealers.closest('.MuiStack-root') as HTMLElement;
    expect(within(totals).getByText('Bayilerden tahsil edilen')).toBeInTheDocument();
    expect(within(totals).getByText('Şirkete teslim edilen')).toBeInTheDocument();
    expect(within(totals).getByText('30')).toBeInTheDocument();
    // The two are the same cash at two steps: their sum is shown nowhere.
    expect(screen.queryByText('1.334,56 €')).not.toBeInTheDocument();
  }, 60_000);
});
