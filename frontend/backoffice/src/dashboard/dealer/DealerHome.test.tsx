import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, PHYSICAL_ORDER, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? '';

describe("a dealer's home", () => {
  it('holds the sum of the pending Plus orders it lists (an invoice order holds nothing) and never says "no orders" beside them', async () => {
    const pending = [
      {
        ...PHYSICAL_ORDER,
        id: 'po-2',
        order_number: 'PS10002',
        quantity: 3,
        total: 60,
        total_cents: 6000,
        hold_id: 'hold-2',
      },
      {
        ...PHYSICAL_ORDER,
        id: 'po-1',
        order_number: 'PS10001',
        quantity: 5,
        total: 100,
        total_cents: 10000,
        hold_id: 'hold-1',
      },
      {
        ...PHYSICAL_ORDER,
        id: 'po-0',
        order_number: 'PS10000',
        quantity: 2,
        total: 40,
        total_cents: 4000,
        hold_id: null,
      },
    ];
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        if (resource === 'physical-sim-orders') {
          base.calls.push({ method: 'getList', resource, params });
          return { data: pending as never, total: pending.length };
        }
        // No eSIM order yet: only Plus orders are pending.
        if (resource === 'orders') return { data: [], total: 0 };
        return base.getList(resource, params);
      },
    });
    renderApp({ session: SESSIONS.dealer, path: '/', dataProvider });

    const list = await screen.findByRole('list', { name: 'Onay bekleyen Plus siparişleri' }, { timeout: 30_000 });
    expect(within(list).getAllByRole('listitem').map(text)).toEqual([
      expect.stringContaining('3 × Plus Avrupa 10 GB'),
      expect.stringContaining('5 × Plus Avrupa 10 GB'),
      expect.stringContaining('2 × Plus Avrupa 10 GB'),
    ]);
    expect(text(within(list).getAllByRole('listitem')[2]!)).toContain('Faturayla');

    // The figure is 60 + 100 from those rows (the balance service's own figure in the fixture is 100,00 €).
    const label = screen.getByText('Bekleyen siparişler için ayrılan');
    expect(text(label.nextElementSibling)).toBe('160,00 €');
    expect(text(label.parentElement)).toContain('2 bekleyen sipariş için');
    expect(text(label.parentElement)).toContain('Faturayla ödenecek 40,00 € bakiyeden ayrılmaz.');

    expect(await screen.findByText('Henüz eSIM siparişiniz yok.')).toBeInTheDocument();
    expect(screen.queryByText(/Henüz siparişiniz yok/)).not.toBeInTheDocument();
    // One list of pending orders feeds both the figure and the panel.
    expect(base.calls.filter((c) => c.resource === 'physical-sim-orders')).toHaveLength(1);
    expect(base.calls.find((c) => c.resource === 'physical-sim-orders')).toMatchObject({
      params: { filter: { status: 'pending' } },
    });
  }, 60_000);
});

describe("a dealer's home with a credit limit", () => {
  it('names the credit left under the available balance', async () => {
    const base = fakeDataProvider();
    const dashboard = await base.read('user/dashboard');
    const dataProvider = fakeDataProvider({
      read: async (path, query) =>
        path === 'user/dashboard'
          ? ({ ...dashboard, credit_available_cents: 12_050 } as never)
          : base.read(path, query),
    });
    renderApp({ session: SESSIONS.dealer, path: '/', dataProvider });
    const label = await screen.findByText('Kullanılabilir bakiye', {}, { timeout: 30_000 });
    await screen.findByText(/Kalan kredi: 120,50/);
    expect(text(label.parentElement)).toContain('Bakiye: 495,50 € · Kalan kredi: 120,50 €');
  });
});
