import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** Card payments in GET /admin/payments' shape: one paid by a dealer, one declined for a customer. */
const PAID = {
  id: '00000000-0000-4000-8000-0000000000c1',
  top_up_id: '00000000-0000-4000-8000-0000000000c2',
  user_id: SESSIONS.dealer.user.id,
  user_name: 'Deniz Telekom Ltd. Şti.',
  user_email: 'dealer@esim.test',
  provider: 'iyzico',
  status: 'paid',
  amount: 1234.5,
  amount_cents: 123450,
  currency: 'EUR',
  locale: 'tr',
  page_url: null,
  return_path: '/dashboard/balance',
  provider_payment_id: '27918732',
  failure_code: null,
  failure_message: null,
  created_at: '2026-11-22T08:30:00.000Z',
  decided_at: '2026-11-22T08:31:00.000Z',
  refunded_at: null,
};
const DECLINED = {
  ...PAID,
  id: '00000000-0000-4000-8000-0000000000d1',
  user_id: SESSIONS.customer.user.id,
  user_name: null,
  user_email: 'customer@esim.test',
  provider: 'demo',
  status: 'failed',
  amount: 7,
  amount_cents: 700,
  provider_payment_id: null,
  failure_code: 'card_declined_insufficient_funds',
  failure_message: 'Kart reddedildi: bakiye yetersiz',
};

function paymentsProvider(send?: (path: string) => Promise<never>) {
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      return resource === 'admin/payments' ? { data: [PAID, DECLINED] as never, total: 2 } : { data: [], total: 0 };
    },
    ...(send
      ? {
          send: async (method, path, body) => {
            dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
            return send(path);
          },
        }
      : {}),
  });
  return dataProvider;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

// The screens are lazy chunks: compiled once before the tests, so the first test does not pay for it on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./PaymentList'), import('../../App')]);
}, 60_000);

describe('admin card payments', () => {
  it('lists payments newest first with who paid, the amount in de-DE euros, the status and the provider reference', async () => {
    const dataProvider = paymentsProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const paid = await rowOf('27918732');
    expect(within(paid).getByText('Deniz Telekom Ltd. Şti.')).toBeInTheDocument();
    expect(within(paid).getByText('dealer@esim.test')).toBeInTheDocument();
    expect(within(paid).getByText('1.234,50 €')).toBeInTheDocument();
    expect(within(paid).getByText('Ödendi')).toBeInTheDocument();
    expect(within(paid).getByText('iyzico')).toBeInTheDocument();
    const declined = (await screen.findByText('customer@esim.test')).closest('tr') as HTMLElement;
    expect(within(declined).getByText('Başarısız')).toBeInTheDocument();
    expect(within(declined).getByText('Kart reddedildi: bakiye yetersiz')).toBeInTheDocument();
    expect(within(declined).getByText('7,00 €')).toBeInTheDocument();
    // Only a paid payment can be given back.
    expect(within(declined).queryByRole('button', { name: 'Karta iade et' })).toBeNull();
    const list = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/payments');
    expect(list?.params).toMatchObject({ sort: { field: 'created_at', order: 'DESC' } });
  }, 60_000);

  it('sends the status filter and the reference search to the service', async () => {
    const dataProvider = paymentsProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await rowOf('27918732');
    await user.click(await screen.findByRole('combobox', { name: 'Durum' }));
    await user.click(await screen.findByRole('option', { name: 'İade edildi' }));
    await user.type(screen.getByPlaceholderText('Sağlayıcı referansı'), '2791');
    const filtered = (c: { resource: string; params?: unknown }) => {
      const filter = (c.params as { filter?: Record<string, unknown> } | undefined)?.filter;
      return c.resource === 'admin/payments' && filter?.status === 'refunded' && filter?.q === '2791';
    };
    await waitFor(() => expect(dataProvider.calls.some(filtered)).toBe(true), { timeout: 5000 });
  }, 60_000);

  it('refund asks first, then POSTs /admin/payments/:id/refund', async () => {
    const dataProvider = paymentsProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await rowOf('27918732')).getByRole('button', { name: 'Karta iade et' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/1\.234,50 € tutarı Deniz Telekom Ltd\. Şti\. bakiyesinden düşülür/),
    ).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/payments/${PAID.id}/refund`,
        params: undefined,
      }),
    );
    expect(await screen.findByText('Ödeme karta iade edildi')).toBeInTheDocument();
  }, 60_000);

  it("shows the service's refusal as it is when the top-up was spent", async () => {
    const refusal = 'Bu yüklemenin bir kısmı harcandı; iade edilemez';
    const dataProvider = paymentsProvider(async () => {
      throw Object.assign(new Error(refusal), {
        status: 422,
        body: { success: false, code: 'payment_already_spent', message: refusal },
      });
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await rowOf('27918732')).getByRole('button', { name: 'Karta iade et' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1);
  }, 60_000);

  it('is in the menu for admins as "Card payments" in English', async () => {
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', locale: 'en', dataProvider: paymentsProvider() });
    expect(await screen.findByRole('menuitem', { name: /Card payments/ })).toBeInTheDocument();
    expect(await screen.findByText('Refund to card')).toBeInTheDocument();
  }, 60_000);

  it("is not in a dealer's menu, and a dealer typing its address lands on the dashboard", async () => {
    renderApp({ session: SESSIONS.dealer, path: '/admin/payments', dataProvider: paymentsProvider() });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 10_000 });
    expect(await screen.findByText(/Hoş geldiniz/)).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Kart Ödemeleri/ })).toBeNull();
  }, 60_000);
});
