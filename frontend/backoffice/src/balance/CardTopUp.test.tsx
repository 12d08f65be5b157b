import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The data provider the page talks to, answering the card routes; `payment` is what GET user/payments/:id reads. */
function provider(payment?: Record<string, unknown>) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path) => (path.startsWith('user/payments/') ? (payment as never) : base.read(path)),
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      return {
        data: { id: 'pay-1', status: 'pending', page_url: 'http://localhost:8080/api/payments/demo/tok' } as never,
        message: '',
      };
    },
  });
  return dataProvider;
}

describe('top up by card on the balance page', () => {
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
});
