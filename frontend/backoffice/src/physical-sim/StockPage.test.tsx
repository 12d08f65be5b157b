import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const card = (serial: string, status: string) => ({
  id: `card-${serial}`,
  iccid: `899001${serial}0000000`,
  serial_number: serial,
  eid: null,
  package_id: 'plus-1',
  package_code: 'PLUS-EU-10',
  package_name: 'Plus Avrupa 10 GB',
  status,
  owner_user_id: SESSIONS.dealer.user.id,
  owner_name: 'Deniz Telekom Ltd. Şti.',
  import_id: null,
  transferred_at: '2026-11-20T10:00:00.000Z',
  returnable_until: '2026-12-05T10:00:00.000Z',
  returnable: status === 'assigned',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
});

describe("a dealer's SIM stock", () => {
  it('shows a card whose return awaits the admin as "return pending", not as returned', async () => {
    const cards = [card('700100200401', 'returned'), card('700100200402', 'assigned')];
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) =>
        resource === 'physical-sim-cards'
          ? { data: cards as never, total: cards.length }
          : base.getList(resource, params),
    });
    renderApp({ session: SESSIONS.dealer, path: '/physical-sim-stock', dataProvider });
    const pendingRow = (await screen.findByText('700100200401', {}, { timeout: 30_000 })).closest('tr')!;
    expect(within(pendingRow).getByText('İade bekliyor')).toBeInTheDocument();
    expect(within(screen.getByText('700100200402').closest('tr')!).getByText('Stoğunuzda')).toBeInTheDocument();
    expect(screen.queryByText('İade edildi')).not.toBeInTheDocument();
  }, 60_000);

  it('names the page once in the app bar', async () => {
    renderApp({ session: SESSIONS.dealer, path: '/physical-sim-stock' });
    await screen.findByText('Stoğunuzda kart yok', {}, { timeout: 30_000 });
    expect(document.getElementById('react-admin-title')?.textContent).toBe('SIM Stoğum');
  }, 60_000);
});
