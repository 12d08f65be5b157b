import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** The customer's card payments in GET /user/payments' shape. */
const DEPOSIT = {
  id: '00000000-0000-4000-8000-0000000000c1',
  deposit_id: '00000000-0000-4000-8000-0000000000c2',
  user_id: SESSIONS.customer.user.id,
  provider: 'demo',
  purpose: 'deposit',
  status: 'paid',
  amount: 20,
  amount_cents: 2000,
  currency: 'EUR',
  locale: 'tr',
  page_url: null,
  return_path: '/dashboard/balance',
  provider_payment_id: 'demo-27918732',
  paid_cents: 2000,
  failure_code: null,
  failure_message: null,
  order_id: null,
  refunded_cents: 0,
  refundable_cents: 750,
  refunds: [],
  created_at: '2026-12-01T08:30:00.000Z',
  decided_at: '2026-12-01T08:31:00.000Z',
  refunded_at: null,
};
/** A checkout payment whose order was refunded: its card share went back to the card. */
const CHECKOUT = {
  ...DEPOSIT,
  id: '00000000-0000-4000-8000-0000000000c3',
  purpose: 'order',
  status: 'refunded',
  amount: 11.99,
  amount_cents: 1199,
  paid_cents: 1199,
  provider_payment_id: 'demo-31415926',
  order_id: '00000000-0000-4000-8000-0000000000e1',
  refunded_cents: 1199,
  refundable_cents: 0,
  refunds: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      kind: 'order',
      amount: 11.99,
      amount_cents: 1199,
      status: 'succeeded',
      order_id: '00000000-0000-4000-8000-0000000000e1',
      provider_refund_id: 'demo-refund-5501',
      failure_code: null,
      failure_message: null,
      created_at: '2026-12-02T09:00:00.000Z',
      decided_at: '2026-12-02T09:00:02.000Z',
    },
  ],
  refunded_at: '2026-12-02T09:00:02.000Z',
};
const IN_REVIEW = {
  ...DEPOSIT,
  id: '00000000-0000-4000-8000-0000000000c4',
  status: 'review',
  amount: 50,
  amount_cents: 5000,
  refundable_cents: 0,
  decided_at: null,
};

function provider() {
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      return resource === 'payments'
        ? { data: [IN_REVIEW, CHECKOUT, DEPOSIT] as never, total: 3 }
        : { data: [], total: 0 };
    },
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      return {
        data: {} as never,
        message: 'İade kartınıza gönderildi; bankanıza göre 5-10 iş günü içinde hesabınıza yansır',
      };
    },
  });
  return dataProvider;
}

const rowOf = async (text: string | RegExp) =>
  (await screen.findByText(text, {}, { timeout: 30_000 })).closest('tr') as HTMLElement;

beforeAll(async () => {
  await Promise.all([import('./BalancePage'), import('../App')]);
}, 60_000);

describe('the balance page lists the card payments', () => {
  it('with what each paid for, its status and its refunds to the card, newest first', async () => {
    const dataProvider = provider();
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider });
    expect(await screen.findByText('Kart ödemeleriniz', {}, { timeout: 30_000 })).toBeInTheDocument();
    const checkout = await rowOf('eSIM satın alma');
    expect(within(checkout).getByText('İade edildi')).toBeInTheDocument();
    expect(checkout).toHaveTextContent(/Karta iade edilen: 11,99\s€/);
    const refund = within(checkout).getByTestId('card-refund');
    expect(refund).toHaveTextContent(/11,99\s€/);
    expect(refund).toHaveTextContent('Karta iade edildi');
    expect(refund).toHaveTextContent('Sipariş iadesi');
    expect(within(checkout).queryByRole('button', { name: /karta iade et/ })).toBeNull();
    const review = (await screen.findByText('Güvenlik kontrolünde')).closest('tr') as HTMLElement;
    expect(review).toHaveTextContent('Kartınızdan çekildi; onaylanınca bakiyenize eklenir.');
    expect(within(review).queryByRole('button', { name: /karta iade et/ })).toBeNull();
    const list = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'payments');
    expect(list?.params).toMatchObject({ sort: { field: 'created_at', order: 'DESC' } });
  }, 60_000);

  it('asks what is left of a deposit back to the card after naming the amount', async () => {
    const dataProvider = provider();
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Kalan 7,50\s€ karta iade et$/ }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/7,50\s€ bakiyenizden düşülür ve bu ödemeyi yaptığınız karta geri gönderilir/);
    expect(dialog).toHaveTextContent('5-10 iş günü');
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `user/payments/${DEPOSIT.id}/refund`,
        params: undefined,
      }),
    );
    expect(await screen.findByText(/İade kartınıza gönderildi/)).toBeInTheDocument();
  }, 60_000);

  it('in English, names the button by the amount', async () => {
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider: provider(), locale: 'en' });
    expect(
      await screen.findByRole('button', { name: /^Refund 7,50\s€ to the card$/ }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your card payments')).toBeInTheDocument();
  }, 60_000);
});
