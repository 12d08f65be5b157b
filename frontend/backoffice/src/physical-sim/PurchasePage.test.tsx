import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, PHYSICAL_ORDER, READS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A dealer's Plus order against its balance and, beyond it, its credit left (395,50 € available, 20,00 € a card). */
function renderPurchase(creditCents: number) {
  const base = fakeDataProvider();
  const balance = { ...(READS['user/balance'] as object), credit_available_cents: creditCents };
  const dataProvider = fakeDataProvider({
    read: async (path, query) => (path === 'user/balance' ? (balance as never) : base.read(path, query)),
  });
  renderApp({ session: SESSIONS.dealer, path: '/physical-sim-purchase', dataProvider });
}

async function order(quantity: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Paket' }, { timeout: 30_000 }));
  await user.click(await screen.findByRole('option', { name: /Plus Avrupa 10 GB/ }));
  const field = screen.getByRole('spinbutton', { name: 'Adet' });
  await user.clear(field);
  await user.type(field, quantity);
}

describe('Plus order on credit', () => {
  it('beyond the balance but within the credit left: says how much comes from credit and lets the order go', async () => {
    renderPurchase(50_00);
    await order('22');
    expect(await screen.findByText('Kalan krediniz')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/44,50\s€ kredinizden kullanılır/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sipariş ver' })).toBeEnabled();
  });

  it('beyond balance and credit left: refused before anything is sent', async () => {
    renderPurchase(50_00);
    await order('23');
    expect(await screen.findByText('Kullanılabilir bakiyeniz ve kalan krediniz yetmiyor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sipariş ver' })).toBeDisabled();
  });

  it('without a limit nothing changes: beyond the balance is refused as before', async () => {
    renderPurchase(0);
    await order('20');
    expect(await screen.findByText('Kullanılabilir bakiyeniz yetmiyor. Önce bakiye yükleyin.')).toBeInTheDocument();
    expect(screen.queryByText('Kalan krediniz')).toBeNull();
  });
});

describe('the dealer’s own orders', () => {
  it('a rejected order says why: the admin’s reason, and the service’s own reasons in words', async () => {
    const rejected = [
      {
        ...PHYSICAL_ORDER,
        id: 'po-2',
        order_number: 'PS10002',
        status: 'rejected',
        reason: 'Stokta yok, gelecek hafta',
      },
      { ...PHYSICAL_ORDER, id: 'po-3', order_number: 'PS10003', status: 'rejected', reason: 'placing_expired' },
    ];
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) =>
        resource === 'physical-sim-orders'
          ? ({ data: rejected, total: rejected.length } as never)
          : base.getList(resource, params),
    });
    renderApp({ session: SESSIONS.dealer, path: '/physical-sim-purchase', dataProvider });
    expect(
      await screen.findByText('Ret nedeni: Stokta yok, gelecek hafta', {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ret nedeni: Sipariş tamamlanamadı; ayrılan tutar bakiyenize geri döndü'),
    ).toBeInTheDocument();
  }, 60_000);
});
