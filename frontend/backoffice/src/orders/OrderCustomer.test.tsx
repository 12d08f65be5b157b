import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EsimOrder } from '@esim/contracts';
import { ESIM_ORDER, fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const READY: EsimOrder = {
  ...ESIM_ORDER,
  customer_name: 'Ayşe Yılmaz',
  customer_email: 'ayse@example.com',
  esims: [{ ...ESIM_ORDER.esims[0]!, status: 'inactive', activated_at: null }],
};

/** The dealer's order page over a fake provider that records the commands it is sent. */
function renderOrder(order: EsimOrder, session = SESSIONS.dealer) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) =>
      resource === 'orders' ? { data: order as never } : base.getOne(resource, params),
  });
  renderApp({ session, path: '/orders/order-1/show', dataProvider });
  return dataProvider;
}

const sends = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.calls.filter((c) => c.method.startsWith('send:'));

describe("a dealer's order and its customer", () => {
  it('shows the customer and sends the install details to them after a confirmation', async () => {
    const user = userEvent.setup();
    const dataProvider = renderOrder(READY);
    const card = await screen.findByTestId('order-customer', {}, { timeout: 30_000 });
    expect(within(card).getByTestId('order-customer-value')).toHaveTextContent('Ayşe Yılmaz · ayse@example.com');
    await user.click(within(card).getByRole('button', { name: 'Müşteriye gönder' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('ayse@example.com');
    expect(sends(dataProvider)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /onayla|confirm/i }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        { method: 'send:POST', resource: 'user/esim/orders/order-1/send-to-customer', params: { locale: 'tr' } },
      ]),
    );
  }, 60_000);

  it('edits the customer with a PATCH of the order', async () => {
    const user = userEvent.setup();
    const dataProvider = renderOrder({ ...READY, customer_name: null, customer_email: null });
    const card = await screen.findByTestId('order-customer', {}, { timeout: 30_000 });
    expect(card).toHaveTextContent('Bu siparişe müşteri eklenmedi.');
    // No address yet: nothing to send to.
    expect(within(card).queryByRole('button', { name: 'Müşteriye gönder' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Müşteri ekle' }));
    await user.type(within(card).getByLabelText(/Müşterinin adı/), 'Mert Kaya');
    await user.type(within(card).getByLabelText(/Müşterinin e-postası/), 'mert@example.com');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        {
          method: 'send:PATCH',
          resource: 'user/esim/orders/order-1/customer',
          params: { customer: { name: 'Mert Kaya', email: 'mert@example.com' } },
        },
      ]),
    );
  }, 60_000);

  it("is not shown on a retail buyer's order", async () => {
    renderOrder({ ...READY, user_id: SESSIONS.customer.user.id }, SESSIONS.customer);
    await screen.findByText('Manuel kurulum', {}, { timeout: 30_000 });
    expect(screen.queryByTestId('order-customer')).toBeNull();
  }, 60_000);
});
