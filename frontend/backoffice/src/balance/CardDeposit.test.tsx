import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The data provider the page talks to, answering the card routes; `payment` is what GET
 * user/payments/:id reads, `refused` the error POST user/payments/card answers instead of a payment.
 */
function provider(payment?: Record<string, unknown>, refused?: Error) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path) => (path.startsWith('user/payments/') ? (payment as never) : base.read(path)),
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      if (refused) throw refused;
      return {
        data: { id: 'pay-1', status: 'pending', page_url: 'http://localhost:8080/api/payments/demo/tok' } as never,
        message: '',
      };
    },
  });
  return dataProvider;
}

describe('adding funds by card on the balance page', () => {
  it('takes a preset amount to the card payment page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, search: '', assign });
    const dataProvider = provider();
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^50,00\s€$/ }));
    await user.click(screen.getByRole('button', { name: /50,00\s€ kartla öde/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:8080/api/payments/demo/tok'));
    expect(dataProvider.calls.find((call) => call.method === 'send:POST')).toMatchObject({
      resource: 'user/payments/card',
      params: { amount: 50, return_path: '/dashboard/balance' },
    });
  });

  it('coming back, shows the decline in the buyer’s words', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?payment=pay-1', assign: vi.fn() });
    const reason = 'Bankanız bu ödemeyi onaylamadı. Bankanızla görüşün ya da başka bir kart deneyin.';
    renderApp({
      session: SESSIONS.customer,
      path: '/balance',
      dataProvider: provider({ id: 'pay-1', status: 'failed', amount: 20, failure_message: reason }),
    });
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('coming back, says the paid amount reached the balance', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?payment=pay-1', assign: vi.fn() });
    renderApp({
      session: SESSIONS.customer,
      path: '/balance',
      dataProvider: provider({ id: 'pay-1', status: 'paid', amount: 20, failure_message: null }),
    });
    expect(await screen.findByText(/Kartla yükleme tamamlandı: 20,00\s€ bakiyenize eklendi\./)).toBeInTheDocument();
  });

  it('coming back from a payment in the fraud check, says it was charged and is being checked, never that nothing was charged', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?payment=pay-1', assign: vi.fn() });
    renderApp({
      session: SESSIONS.customer,
      path: '/balance',
      dataProvider: provider({ id: 'pay-1', status: 'review', amount: 20, failure_code: null, failure_message: null }),
    });
    const outcome = await screen.findByTestId('card-outcome');
    await waitFor(() => expect(outcome).toHaveTextContent(/Kartınızdan çekilen ödeme.*güvenlik kontrolünde/));
    expect(outcome).not.toHaveTextContent(/çekilmedi|tamamlanmadı/);
  });

  it('coming back from an expired payment the provider may still charge, says where the money would go, as a warning', async () => {
    vi.stubGlobal('location', { ...window.location, search: '?payment=pay-1', assign: vi.fn() });
    const text = 'Ödeme zamanında tamamlanmadı. Kartınızdan çekim yapıldıysa tutar bakiyenize otomatik eklenir.';
    renderApp({
      session: SESSIONS.customer,
      path: '/balance',
      dataProvider: provider({
        id: 'pay-1',
        status: 'expired',
        amount: 20,
        failure_code: 'payment_expired_unconfirmed',
        failure_message: text,
      }),
    });
    const outcome = await screen.findByTestId('card-outcome');
    await waitFor(() => expect(outcome).toHaveTextContent(text));
    expect(outcome).toHaveClass('MuiAlert-standardWarning');
  });

  it.each([
    [
      429,
      'card_payments_too_many_open',
      'Tamamlanmamış 3 kart ödemeniz var. Birini tamamlayın ya da birkaç dakika sonra yeniden deneyin.',
      {},
    ],
    [
      422,
      'card_deposit_daily_limit',
      'Bugün kartla ödeyebileceğiniz üst sınır olan 1.000,00 € aşılıyor',
      { amount: 'Bugün kartla ödeyebileceğiniz üst sınır olan 1.000,00 € aşılıyor' },
    ],
  ])(
    'a card payment the service refuses (%i %s) is said under the amount, and the page stays',
    async (status, code, message, errors) => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, search: '', assign });
      renderApp({
        session: SESSIONS.customer,
        path: '/balance',
        dataProvider: provider(undefined, new HttpError(message, status, { message, code, errors })),
      });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /20,00\s€ kartla öde/ }, { timeout: 30_000 }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(assign).not.toHaveBeenCalled();
    },
  );
});
