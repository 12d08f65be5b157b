import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ESIM_ORDER, fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** An order its supplier is preparing: no eSIM yet, the checkout's documents with it. */
const PREPARING = {
  ...ESIM_ORDER,
  status: 'processing',
  esims: [],
  esim_count: 0,
  completed_at: null,
  agreement: {
    version: '2026-11',
    text: '…',
    accepted_at: '2026-11-20T09:00:00.000Z',
    paid_by_card: 0,
    paid_by_card_cents: 0,
  },
};

/** The order service answering each read of the order with the next of `answers` (the last again and again). */
function answering(resource: 'orders' | 'admin/esim-orders', answers: Array<Record<string, unknown>>) {
  const base = fakeDataProvider();
  let reads = 0;
  const dataProvider = fakeDataProvider({
    getOne: async (name, params) => {
      if (name !== resource) return base.getOne(name, params);
      reads += 1;
      return { data: answers[Math.min(reads - 1, answers.length - 1)] as never };
    },
  });
  return { dataProvider, reads: () => reads };
}

describe('an order its supplier is still preparing, in the back office', () => {
  it("the buyer's page reads “Hazırlanıyor”, says what happens and the mail to come, looks again and shows the eSIM once delivered", async () => {
    const { dataProvider, reads } = answering('orders', [PREPARING, ESIM_ORDER]);
    renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show', dataProvider });
    const waiting = await screen.findByTestId('order-preparing', {}, { timeout: 30_000 });
    expect(waiting).toHaveTextContent('eSIM hazırlanıyor');
    expect(waiting).toHaveTextContent('Bu sayfa kendiliğinden yenilenir');
    expect(waiting).toHaveTextContent('makbuzunuzu ve bu siparişin bağlantısını e-postayla da göndereceğiz');
    expect(screen.getAllByText('Hazırlanıyor').length).toBeGreaterThan(0);
    expect(screen.queryByText('Bu siparişte henüz eSIM yok.')).toBeNull();
    expect(screen.queryByTestId('esim-card')).toBeNull();
    // The first look comes two seconds later: the eSIM has arrived.
    const card = await screen.findByTestId('esim-card', {}, { timeout: 10_000 });
    expect(reads()).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('order-preparing')).toBeNull();
    expect(await screen.findByText('eSIM hazır')).toBeInTheDocument();
    // Beside its usage, when the figures were measured (Istanbul time).
    expect(await within(card).findByTestId('usage-updated-at')).toHaveTextContent(/Son güncelleme: 20 Kas 2026 13:05/);
  }, 60_000);

  it('a failed order says why and that nothing was charged where its reason does not say it', async () => {
    const failed = {
      ...PREPARING,
      status: 'failed',
      failure_code: 'esim_out_of_stock',
      failure_reason: 'Stok yetersiz',
    };
    const { dataProvider } = answering('orders', [failed]);
    renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show', dataProvider });
    const alert = await screen.findByTestId('order-failed', {}, { timeout: 30_000 });
    expect(alert).toHaveTextContent('Sipariş tamamlanamadı');
    expect(alert).toHaveTextContent('Stok yetersiz');
    expect(alert).toHaveTextContent('Ücret alınmadı.');
    expect(screen.queryByTestId('order-preparing')).toBeNull();
  }, 60_000);

  it("the admin's page of it, in English: preparing, no receipt promised, and each eSIM's usage dated once delivered", async () => {
    const { dataProvider } = answering('admin/esim-orders', [{ ...PREPARING, agreement: null }, ESIM_ORDER]);
    renderApp({ session: SESSIONS.admin, path: '/admin/esim-orders/order-1/show', dataProvider, locale: 'en' });
    const waiting = await screen.findByTestId('order-preparing', {}, { timeout: 30_000 });
    expect(waiting).toHaveTextContent('The eSIM is being prepared');
    expect(waiting).toHaveTextContent('cancelled with nothing charged');
    expect(waiting).not.toHaveTextContent('receipt');
    const esim = await screen.findByTestId('admin-esim', {}, { timeout: 10_000 });
    await waitFor(() => expect(esim).toHaveTextContent(/Last updated\s*20 (Kas|Nov) 2026,? 13:05/));
  }, 60_000);
});
