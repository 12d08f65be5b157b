import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** Card payments in GET /admin/payments' shape: one paid by a dealer, one declined for a customer. */
const PAID = {
  purpose: 'deposit',
  paid_cents: 123450,
  order_id: null,
  refunded_cents: 0,
  refundable_cents: 123450,
  refunds: [] as unknown[],
  id: '00000000-0000-4000-8000-0000000000c1',
  deposit_id: '00000000-0000-4000-8000-0000000000c2',
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
  paid_cents: null,
  refundable_cents: 0,
};

const refund = (fields: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'order',
  amount: 11.99,
  amount_cents: 1199,
  status: 'succeeded',
  order_id: '00000000-0000-4000-8000-0000000000e1',
  provider_refund_id: 'demo-refund-5501',
  failure_code: null,
  failure_message: null,
  created_at: '2026-12-01T09:00:00.000Z',
  decided_at: '2026-12-01T09:00:02.000Z',
  ...fields,
});
/** A checkout payment: one order's refund reached the card, another the provider refused. */
const WITH_REFUNDS = {
  ...PAID,
  id: '00000000-0000-4000-8000-0000000000e2',
  user_id: SESSIONS.customer.user.id,
  user_name: null,
  user_email: 'customer@esim.test',
  purpose: 'order',
  amount: 23.98,
  amount_cents: 2398,
  paid_cents: 2398,
  provider_payment_id: '31415926',
  refunded_cents: 2398,
  refundable_cents: 0,
  refunds: [
    refund({}),
    refund({
      id: '00000000-0000-4000-8000-0000000000f2',
      provider_refund_id: null,
      status: 'failed',
      failure_code: 'card_refund_refused',
      failure_message: 'Ödeme kuruluşu karta iadeyi reddetti; ekibimiz inceliyor',
      decided_at: null,
    }),
  ],
};
/** Charged 10,00 € where 9,00 € was asked: nothing credited, the charge to give back. */
const MISMATCH = {
  ...DECLINED,
  id: '00000000-0000-4000-8000-0000000000d2',
  amount: 9,
  amount_cents: 900,
  paid_cents: 1000,
  provider_payment_id: '27182818',
  failure_code: 'payment_amount_mismatch',
  failure_message: 'Ödenen tutar beklenenle uyuşmuyor; ekibimiz inceleyip size dönecek.',
};
const IN_REVIEW = {
  ...DECLINED,
  id: '00000000-0000-4000-8000-0000000000d3',
  status: 'review',
  amount: 50,
  amount_cents: 5000,
  paid_cents: 5000,
  provider_payment_id: '16180339',
  failure_code: null,
  failure_message: null,
};

function paymentsProvider(send?: (path: string) => Promise<never>, rows: unknown[] = [PAID, DECLINED]) {
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      return resource === 'admin/payments' ? { data: rows as never, total: rows.length } : { data: [], total: 0 };
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
    // Only money still there can be given back: a declined payment charged nothing.
    expect(within(paid).getByRole('button', { name: /^Kalan 1\.234,50\s€ karta iade et$/ })).toBeInTheDocument();
    expect(within(declined).queryByRole('button', { name: /karta iade et/ })).toBeNull();
    const list = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/payments');
    expect(list?.params).toMatchObject({ sort: { field: 'created_at', order: 'DESC' } });
  }, 60_000);

  it('sends the status filter and the reference search to the service', async () => {
    const dataProvider = paymentsProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await rowOf('27918732');
    await user.click(await screen.findByRole('combobox', { name: 'Durum' }));
    // The fraud check's status is offered beside the others.
    expect(await screen.findByRole('option', { name: 'Güvenlik kontrolünde' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'İade edildi' }));
    await user.type(screen.getByPlaceholderText('Sağlayıcı referansı'), '2791');
    const filtered = (c: { resource: string; params?: unknown }) => {
      const filter = (c.params as { filter?: Record<string, unknown> } | undefined)?.filter;
      return c.resource === 'admin/payments' && filter?.status === 'refunded' && filter?.q === '2791';
    };
    await waitFor(() => expect(dataProvider.calls.some(filtered)).toBe(true), { timeout: 5000 });
  }, 60_000);

  it('refund asks first naming the amount, then POSTs /admin/payments/:id/refund', async () => {
    const dataProvider = paymentsProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await rowOf('27918732')).getByRole('button', { name: /karta iade et$/ }));
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
    expect(await screen.findByText('İade karta gönderildi')).toBeInTheDocument();
  }, 60_000);

  it("shows the service's refusal as it is when the deposit was spent", async () => {
    const refusal = 'Bu yüklemenin bir kısmı harcandı; iade edilemez';
    const dataProvider = paymentsProvider(async () => {
      throw Object.assign(new Error(refusal), {
        status: 422,
        body: { success: false, code: 'payment_already_spent', message: refusal },
      });
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await rowOf('27918732')).getByRole('button', { name: /karta iade et$/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1);
  }, 60_000);

  it('is in the menu for admins as "Card payments" in English', async () => {
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', locale: 'en', dataProvider: paymentsProvider() });
    expect(await screen.findByRole('menuitem', { name: /Card payments/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Refund 1\.234,50\s€ to the card$/ })).toBeInTheDocument();
  }, 60_000);

  it('shows each refund with its amount, status and the provider’s reference, the refunded total, and on a refused one retry and return to the balance', async () => {
    const dataProvider = paymentsProvider(undefined, [WITH_REFUNDS]);
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    const row = await rowOf('31415926');
    expect(row).toHaveTextContent(/Karta iade edilen: 23,98\s€/);
    expect(within(row).getByText('eSIM satın alma')).toBeInTheDocument();
    const [done, refused] = within(row).getAllByTestId('card-refund') as [HTMLElement, HTMLElement];
    expect(done).toHaveTextContent(/11,99\s€/);
    expect(done).toHaveTextContent('Karta iade edildi');
    expect(done).toHaveTextContent('Sipariş iadesi');
    expect(done).toHaveTextContent('İade referansı: demo-refund-5501');
    expect(within(done).queryByRole('button')).toBeNull();
    expect(refused).toHaveTextContent('Ödeme kuruluşu reddetti');
    expect(refused).toHaveTextContent('Ödeme kuruluşu karta iadeyi reddetti; ekibimiz inceliyor');
    // Nothing more of this payment to give back.
    expect(within(row).queryByRole('button', { name: /karta iade et$/ })).toBeNull();

    await user.click(within(refused).getByRole('button', { name: 'Yeniden dene' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/11,99\s€ tutarını customer@esim\.test kartına iade etmesi yeniden istenir/);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/payments/${WITH_REFUNDS.id}/refunds/00000000-0000-4000-8000-0000000000f2/retry`,
        params: undefined,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(refused).getByRole('button', { name: 'Bakiyeye geri yükle' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/11,99\s€ karta iade edilmez; customer@esim\.test bakiyesine geri yüklenir/);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/payments/${WITH_REFUNDS.id}/refunds/00000000-0000-4000-8000-0000000000f2/to-balance`,
        params: undefined,
      }),
    );
  }, 60_000);

  it('a payment charged an amount that did not match: the charge is shown and given back whole after naming it', async () => {
    const dataProvider = paymentsProvider(undefined, [MISMATCH, IN_REVIEW]);
    renderApp({ session: SESSIONS.admin, path: '/admin/payments', dataProvider });
    const user = userEvent.setup();
    const row = await rowOf('27182818');
    expect(row).toHaveTextContent(/Çekilen: 10,00\s€/);
    await user.click(within(row).getByRole('button', { name: /^Çekilen 10,00\s€ karta iade et$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      /bakiyeye hiçbir şey yüklenmedi\. 10,00\s€ customer@esim\.test kartına iade edilir/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/payments/${MISMATCH.id}/refund`,
        params: undefined,
      }),
    );
    // In the fraud check: its own chip, nothing to give back yet.
    const review = await rowOf('16180339');
    expect(within(review).getByText('Güvenlik kontrolünde')).toBeInTheDocument();
    expect(within(review).queryByRole('button')).toBeNull();
  }, 60_000);

  it("is not in a dealer's menu, and a dealer typing its address lands on the dashboard", async () => {
    renderApp({ session: SESSIONS.dealer, path: '/admin/payments', dataProvider: paymentsProvider() });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), { timeout: 10_000 });
    expect(await screen.findByText(/Hoş geldiniz/)).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Kart Ödemeleri/ })).toBeNull();
  }, 60_000);
});
