import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, RECORDS, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

// The fixtures' balances give this dealer 100,00 € available, 380,00 € of debt and a 500,00 € limit (120,00 € of it left).
const dealer = {
  id: SESSIONS.dealer.user.id,
  company_name: 'Deniz Telekom Ltd. Şti.',
  full_name: 'Deniz Bayi',
  email: 'dealer@esim.test',
  phone: null,
  tax_number: '1234567890',
  tax_office: 'Kadıköy',
  status: 'active',
  sales_manager_name: 'Serkan Satış',
  created_at: '2026-10-01T08:00:00.000Z',
};
const ESIM_ROW = {
  id: 'order-1',
  order_number: 'ESX7K2Q9',
  package: { name: 'Türkiye 1 GB' },
  quantity: 2,
  total: 9,
  status: 'completed',
  created_at: '2026-11-20T09:00:00.000Z',
};

const entry = (id: string, method: string, route: string, extra: Record<string, unknown>) => ({
  id,
  method,
  route,
  status_code: 200,
  target_name: null,
  amount_cents: null,
  detail: null,
  actor_name: 'Ayşe Yönetici',
  actor_email: 'admin@esim.test',
  at: '2026-11-21T09:00:00.000000Z',
  ...extra,
});
const HISTORY = [
  entry('balance:3', 'PUT', '/admin/dealers/:id/credit-limit', {
    target_name: dealer.company_name,
    amount_cents: 50000,
  }),
  entry('auth:2', 'PUT', '/admin/dealers/:id/status', { target_name: dealer.company_name, detail: 'suspended' }),
  entry('catalog:1', 'PUT', '/admin/dealers/:id/packages/:packageId', { status_code: 422 }),
];

function renderDealer() {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) =>
      resource === 'admin/dealers' ? { data: dealer as never } : base.getOne(resource, params),
    read: async (path, query) => {
      dataProvider.calls.push({ method: 'read', resource: path, params: query });
      if (path === `admin/dealers/${dealer.id}/transactions`) return RECORDS.transactions as never;
      if (path === 'user/esim/orders') return [ESIM_ROW] as never;
      if (path === 'admin/physical-sim/stock' || path === 'admin/collection-logs') return [] as never;
      if (path === 'admin/audit-log') return HISTORY as never;
      return base.read(path, query);
    },
  });
  renderApp({ session: SESSIONS.admin, path: `/admin/dealers/${dealer.id}/show`, dataProvider });
  return dataProvider;
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe("the admin's dealer page", () => {
  it('shows credit limit and credit left beside balance and debt, and the transactions tab first', async () => {
    renderDealer();
    expect(await screen.findByText('Kredi limiti', {}, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(plain(document.body.textContent)).toContain('Kalan kredi120,00 €'));
    expect(plain(document.body.textContent)).toContain('Açık borç380,00 €');
    const panel = screen.getByRole('tabpanel');
    expect((await within(panel).findAllByText('BK7Q2M')).length).toBeGreaterThan(0);
    expect(plain(within(panel).getAllByRole('row')[1]!.textContent)).toContain('500,00 €');
  });

  it('shows the tax office right after the tax number in the details', async () => {
    renderDealer();
    const office = (await screen.findByText('Vergi dairesi', { selector: 'th' }, { timeout: 30_000 })).closest('tr')!;
    expect(plain(office.textContent)).toBe('Vergi dairesiKadıköy');
    expect(plain(office.previousElementSibling?.textContent)).toBe('Vergi numarası1234567890');
  }, 60_000);

  it("reads the dealer's eSIM orders through the admin's order list filtered to them, only when the tab opens", async () => {
    const user = userEvent.setup();
    const dataProvider = renderDealer();
    await user.click(await screen.findByRole('tab', { name: 'eSIM siparişleri' }, { timeout: 30_000 }));
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: 'ESX7K2Q9' })).toHaveAttribute(
      'href',
      '/admin/esim-orders/order-1/show',
    );
    const reads = dataProvider.calls.filter((c) => c.resource === 'user/esim/orders');
    expect(reads).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({
          filter: JSON.stringify({ user_id: dealer.id }),
          sort: '["created_at","DESC"]',
        }),
      }),
    ]);
  });

  it('sets the credit limit after showing limit, credit left and spending power before → after, once', async () => {
    const user = userEvent.setup();
    const dataProvider = renderDealer();
    await user.click(await screen.findByRole('button', { name: 'Kredi limitini değiştir' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Kredi limiti: Deniz Telekom Ltd. Şti.' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Yeni kredi limiti' }), '600');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    const confirmation = plain(within(dialog).getByTestId('credit-limit-confirmation').textContent);
    expect(confirmation).toContain('Kredi limiti: 500,00 € → 600,00 €');
    expect(confirmation).toContain('Kalan kredi: 120,00 € → 220,00 €');
    expect(confirmation).toContain('Harcayabileceği: 220,00 € → 320,00 €');
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls.filter((c) => c.method === 'send:PUT')).toEqual([
        {
          method: 'send:PUT',
          resource: `admin/dealers/${dealer.id}/credit-limit`,
          params: { credit_limit: 600, note: null },
        },
      ]),
    );
  });

  it('warns when the new limit is below the debt', async () => {
    const user = userEvent.setup();
    renderDealer();
    await user.click(await screen.findByRole('button', { name: 'Kredi limitini değiştir' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Yeni kredi limiti' }), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Devam' }));
    expect(plain(within(dialog).getByTestId('credit-limit-confirmation').textContent)).toContain(
      'Kalan kredi: 120,00 € → 0,00 €',
    );
    expect(within(dialog).getByText(/borç bu limitin altına inene dek/)).toBeInTheDocument();
  });

  it("shows the dealer's history in words from the audit log about them, older entries by their action", async () => {
    const user = userEvent.setup();
    const dataProvider = renderDealer();
    await user.click(await screen.findByRole('tab', { name: 'Geçmiş' }, { timeout: 30_000 }));
    const panel = screen.getByRole('tabpanel');
    expect(
      await within(panel).findByText('Deniz Telekom Ltd. Şti. adlı bayinin kredi limiti 500,00 € oldu'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('Deniz Telekom Ltd. Şti. adlı bayi askıya alındı')).toBeInTheDocument();
    expect(within(panel).getByText('Denendi, yapılamadı: Bir bayinin paket fiyatı değişti')).toBeInTheDocument();
    const reads = dataProvider.calls.filter((c) => c.resource === 'admin/audit-log');
    expect(reads).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({ filter: JSON.stringify({ target_id: dealer.id }) }),
      }),
    ]);
  });
});
