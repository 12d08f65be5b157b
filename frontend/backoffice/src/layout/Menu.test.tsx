import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, RECORDS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { FIGURES_REFRESH_MS } from '../providers/figures';

afterEach(() => vi.useRealTimers());

const menuItem = async (label: string) => {
  const items = await screen.findAllByRole('menuitem');
  const item = items.find((element) => element.textContent?.includes(label));
  if (!item) throw new Error(`no menu entry "${label}"`);
  return item;
};

describe("the admin's menu", () => {
  it('lists the admin entries in order after the home', async () => {
    renderApp({ session: SESSIONS.admin });
    await waitFor(async () => {
      const labels = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
      expect(labels.slice(0, 13)).toEqual(
        [
          'Ana Sayfa',
          'Bayiler',
          'Satış Müdürleri',
          'Müşteriler',
          'Tahsilat Kayıtları',
          'Bakiye yüklemeleri',
          'Kart Ödemeleri',
          'Plus Siparişleri',
          'SIM İadeleri',
          'SIM Stoğu',
          'SIM Stok Özeti',
          'SIM İçe Aktarma',
          'Mesajlar',
        ].map((label) => expect.stringContaining(label)),
      );
    });
  });

  it('shows pending counts as badges: deposits waiting, new messages, Plus orders to approve', async () => {
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        const totals: Record<string, number> = {
          'admin/deposits': 3,
          'admin/messages': 12,
          'admin/physical-sim-orders': 1,
          'admin/physical-sim-returns': 0,
        };
        return { data: (RECORDS[resource] ?? []).slice(0, 1) as never, total: totals[resource] ?? 0 };
      },
    });
    renderApp({ session: SESSIONS.admin, dataProvider });
    await waitFor(async () => expect(within(await menuItem('Bakiye yüklemeleri')).getByText('3')).toBeInTheDocument());
    expect(within(await menuItem('Mesajlar')).getByText('12')).toBeInTheDocument();
    expect(within(await menuItem('Plus Siparişleri')).getByText('1')).toBeInTheDocument();
    // Zero is no badge.
    expect(within(await menuItem('SIM İadeleri')).queryByText('0')).toBeNull();
    // The counts ask for exactly what waits: pending deposits and new messages.
    const countCalls = dataProvider.calls.filter((c) => c.method === 'getList');
    expect(countCalls).toContainEqual(
      expect.objectContaining({
        resource: 'admin/deposits',
        params: expect.objectContaining({ filter: { status: 'pending' }, pagination: { page: 1, perPage: 1 } }),
      }),
    );
    expect(countCalls).toContainEqual(
      expect.objectContaining({
        resource: 'admin/messages',
        params: expect.objectContaining({ filter: { status: 'new' } }),
      }),
    );
  });

  it('polls the counts every 30 s', async () => {
    let pending = 2;
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return { data: [] as never, total: resource === 'admin/deposits' ? pending : 0 };
      },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp({ session: SESSIONS.admin, dataProvider });
    await waitFor(async () => expect(within(await menuItem('Bakiye yüklemeleri')).getByText('2')).toBeInTheDocument());
    const asked = () => dataProvider.calls.filter((c) => c.resource === 'admin/deposits').length;
    const before = asked();
    pending = 5;
    await vi.advanceTimersByTimeAsync(FIGURES_REFRESH_MS + 100);
    await waitFor(async () => expect(within(await menuItem('Bakiye yüklemeleri')).getByText('5')).toBeInTheDocument());
    expect(asked()).toBeGreaterThan(before);
  });

  it('a dealer never asks for the admin counts', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.dealer });
    await screen.findByText(/Hoş geldiniz/);
    expect(dataProvider.calls.filter((c) => c.resource.startsWith('admin/'))).toEqual([]);
  });
});

describe('each role sees its own menu and top bar', () => {
  const CUSTOMER_ENTRIES = ['Siparişlerim', 'Bakiye', 'Hesap Hareketleri', 'Fiyat Listesi'];
  const labels = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');

  it("the admin's menu has no customer entries and its top bar no balance chip", async () => {
    renderApp({ session: SESSIONS.admin });
    await waitFor(async () => expect(await labels()).toContainEqual(expect.stringContaining('Bayiler')));
    const shown = await labels();
    for (const entry of CUSTOMER_ENTRIES) expect(shown).not.toContain(entry);
    expect(shown).toContain('Ayarlar');
    expect(screen.getByRole('banner').textContent).not.toMatch(/€/);
  });

  it("the dealer's menu has the customer entries, no admin entry, and its balance in the top bar", async () => {
    renderApp({ session: SESSIONS.dealer });
    await waitFor(async () => expect(await labels()).toEqual(expect.arrayContaining(CUSTOMER_ENTRIES)));
    expect((await labels()).filter((label) => label === 'Bayiler' || label.startsWith('Bakiye yüklemeleri'))).toEqual(
      [],
    );
    await waitFor(() => expect(screen.getByRole('banner').textContent).toMatch(/395,50\s€/));
  });
});

describe('the Plus card entries are for dealers only', () => {
  const PLUS_ENTRIES = ['Plus Paketi Satın Al', 'SIM Stoğum', 'SIM İade'];
  const labels = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');

  it("a dealer's menu lists buying, holding and returning Plus cards", async () => {
    renderApp({ session: SESSIONS.dealer });
    await waitFor(async () => expect(await labels()).toEqual(expect.arrayContaining(PLUS_ENTRIES)));
  });

  it("a retail customer's menu has its customer entries but none of the Plus ones", async () => {
    renderApp({ session: SESSIONS.customer });
    await waitFor(async () => expect(await labels()).toEqual(expect.arrayContaining(['Siparişlerim', 'Bakiye'])));
    expect((await labels()).filter((label) => PLUS_ENTRIES.some((entry) => label.includes(entry)))).toEqual([]);
  });
});
