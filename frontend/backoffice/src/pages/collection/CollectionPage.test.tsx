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
