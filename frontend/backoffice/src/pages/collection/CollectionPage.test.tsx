import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const dealerId = SESSIONS.dealer.user.id;

describe("sales manager's collect form", () => {
  it('refuses more than the debt it shows, and asks before recording what is owed at most', async () => {
    const user = userEvent.setup();
    const dataProvider = fakeDataProvider();
    renderApp({ session: SESSIONS.salesManager, path: `/sales-manager/collection?dealer_id=${dealerId}`, dataProvider });
    const amount = await screen.findByRole('textbox', { name: 'Tahsil edilen tutar' }, { timeout: 30_000 });
    const submit = screen.getByRole('button', { name: 'Tahsilatı kaydet' });
    // The fixture's dealer owes 380,00 €.
    await user.type(amount, '380,01');
    expect(screen.getByText('Bayinin borcu 380,00 €; daha fazlası tahsil edilemez')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '380');
    expect(submit).toBeEnabled();
    await user.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('Deniz Telekom Ltd. Şti. bayisinden nakit 380,00 € tahsil edilecek.');
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:POST')).toMatchObject({ resource: 'sales-manager/collect', params: { dealer_id: dealerId, amount: 380 } });
  }, 60_000);
});

describe("sales manager's collection report", () => {
  it('shows the period’s total and count and each dealer’s share', async () => {
    const base = fakeDataProvider();
    const report = {
      start_date: '2026-11-01',
      end_date: '2026-11-23',
      total: 1250.5,
      total_cents: 125050,
      count: 3,
      by_dealer: [{ dealer_id: dealerId, name: 'Deniz Telekom Ltd. Şti.', count: 3, total: 1250.5, total_cents: 125050 }],
      by_day: [{ date: '2026-11-20', total: 1250.5, total_cents: 125050, count: 3 }],
    };
    const dataProvider = fakeDataProvider({ read: async (path, query) => (path === 'sales-manager/collection-report' ? (report as never) : base.read(path, query)) });
    renderApp({ session: SESSIONS.salesManager, path: '/sales-manager/collection', dataProvider });
    expect(await screen.findByTestId('report-total', {}, { timeout: 30_000 })).toHaveTextContent('1.250,50 €');
    const totals = screen.getByTestId('report-total').closest('.MuiStack-root') as HTMLElement;
    expect(within(totals).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Deniz Telekom Ltd. Şti.' })).toBeInTheDocument();
  }, 60_000);
});
