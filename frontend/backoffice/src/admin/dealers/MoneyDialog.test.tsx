import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

// The fixtures' balances give this dealer 100,00 € of balance and 380,00 € of debt.
const dealer = {
  id: SESSIONS.dealer.user.id,
  company_name: 'Deniz Telekom Ltd. Şti.',
  full_name: 'Deniz Bayi',
  email: 'dealer@esim.test',
  phone: null,
  status: 'active',
  sales_manager_name: 'Serkan Satış',
};

function renderDealers() {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) =>
      resource === 'admin/dealers' ? { data: [dealer] as never[], total: 1 } : base.getList(resource, params),
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/dealers', dataProvider });
  return dataProvider;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('money dialog (admin, a dealer’s balance and debt)', () => {
  it('refuses a cash payment above the debt, then shows balance and debt before → after and books the payment once', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDealers();
    await user.click(await screen.findByRole('button', { name: 'Nakit yükle' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nakit yükle: Deniz Telekom Ltd. Şti.' });
    await user.click(within(dialog).getByRole('radio', { name: 'Nakit borç ödemesi' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Tutar' });
    await user.type(amount, '380,01');
    expect(within(dialog).getByText('Bayinin borcu 380,00 €; daha fazlası ödenemez')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Devam' })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    const confirmation = plain(within(dialog).getByTestId('money-confirmation').textContent);
    expect(confirmation).toContain('Nakit borç ödemesi: 100,00 €');
    expect(confirmation).toContain('Bakiye: 100,00 € → 100,00 €');
    expect(confirmation).toContain('Açık borç: 380,00 € → 280,00 €');
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:POST')).toMatchObject({
      resource: 'admin/dealers/cash-balance',
      params: { dealer_id: dealer.id, amount: 100, note: null, load: false },
    });
  }, 60_000);

  it('loads balance on credit without a limit: balance and debt both grow', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDealers();
    await user.click(await screen.findByRole('button', { name: 'Bakiye yükle' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Bakiye yükle: Deniz Telekom Ltd. Şti.' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tutar' }), '1000,50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Not' }), ' havale ');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    const confirmation = plain(within(dialog).getByTestId('money-confirmation').textContent);
    expect(confirmation).toContain('Bakiye: 100,00 € → 1.100,50 €');
    expect(confirmation).toContain('Açık borç: 380,00 € → 1.380,50 €');
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:POST')).toMatchObject({
      resource: 'admin/dealers/balance',
      params: { dealer_id: dealer.id, amount: 1000.5, note: 'havale' },
    });
  }, 60_000);
});
