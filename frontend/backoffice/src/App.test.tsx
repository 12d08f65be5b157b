import { canAccess, roleOf, USER_TYPE } from '@esim/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../test/fixtures';
import { renderApp } from '../test/render';
import { turkishMessages } from './i18n';
import { MENU } from './layout/menuItems';

const tr = (key: string) => key.split('.').reduce<any>((node, part) => node?.[part], turkishMessages) as string;

/** The menu's labels as shown, in order. */
async function menuLabels(): Promise<string[]> {
  const menu = await screen.findByRole('menu').catch(() => null);
  const root = menu ?? document.querySelector('.RaMenu-open, .RaMenu-closed')!;
  await waitFor(() => expect(within(root as HTMLElement).getAllByRole('menuitem').length).toBeGreaterThan(0));
  // Without a pending-count badge's number (the admin's entries have them).
  return within(root as HTMLElement)
    .getAllByRole('menuitem')
    .map((item) => (item.textContent ?? '').replace(/^\d+/, ''));
}

const location = () => screen.getByTestId('location').textContent;

describe('each role sees exactly its menu', () => {
  for (const [name, session] of Object.entries(SESSIONS)) {
    it(`${name}: the entries canAccess allows and its menu lists, in order`, async () => {
      const start = name === 'salesManager' ? '/sales-manager/dealers' : '/';
      renderApp({ session, path: start });
      const role = roleOf(session.user);
      const dealer = session.user.user_type === USER_TYPE.dealer;
      const expected = MENU.filter(
        (entry) =>
          canAccess(role, entry.permission, 'read') &&
          (!entry.menuOf || entry.menuOf.includes(role)) &&
          (!entry.dealersOnly || dealer),
      ).map((entry) => tr(entry.label));
      await waitFor(async () => expect(await menuLabels()).toEqual(expected));
    });
  }

  it('a dealer has the physical-SIM entries, with the fixed label', async () => {
    renderApp({ session: SESSIONS.dealer });
    expect(await menuLabels()).toContain('Plus Paketi Satın Al');
  });
});

describe('routes a role may not see send it to /dashboard', () => {
  const others: Array<[keyof typeof SESSIONS, string[]]> = [
    [
      'customer',
      [
        '/sales-manager/dealers',
        '/sales-manager/collection',
        '/sales-manager/dealers/x/pricing',
        // Plus cards are sold to dealers only.
        '/physical-sim-purchase',
        '/physical-sim-stock',
        '/physical-sim-return',
      ],
    ],
    ['dealer', ['/sales-manager/dealers', '/sales-manager/collection']],
    ['admin', ['/physical-sim-purchase', '/physical-sim-stock', '/physical-sim-return', '/sales-manager/collection']],
  ];
  for (const [name, paths] of others) {
    for (const path of paths) {
      it(`${name} typing ${path} lands on the dashboard`, async () => {
        renderApp({ session: SESSIONS[name], path });
        await waitFor(() => expect(location()).toBe('/'));
        expect(await screen.findByText(/Hoş geldiniz/)).toBeInTheDocument();
      });
    }
  }

  for (const path of [
    '/',
    '/orders',
    '/balance',
    '/transactions',
    '/price-list',
    '/physical-sim-purchase',
    '/settings',
  ]) {
    it(`a sales manager typing ${path} ends on their dealers and never fetches a balance`, async () => {
      const { dataProvider } = renderApp({ session: SESSIONS.salesManager, path });
      await waitFor(() => expect(location()).toBe('/sales-manager/dealers'));
      expect(await screen.findByText('Deniz Telekom Ltd. Şti.', { selector: 'td *, td' })).toBeInTheDocument();
      const balanceReads = dataProvider.calls.filter(
        (c) => c.resource === 'user/balance' || c.resource === 'user/dashboard',
      );
      expect(balanceReads).toEqual([]);
    });
  }
});

describe("the sales manager's dealers", () => {
  it('shows each dealer with what it owes and its credit limit', async () => {
    renderApp({ session: SESSIONS.salesManager, path: '/sales-manager/dealers' });
    const name = await screen.findByText('Deniz Telekom Ltd. Şti.', { selector: 'td *, td' });
    const row = name.closest('tr')!;
    expect(await within(row).findByText('500,00 €')).toBeInTheDocument();
    expect(within(row).getByText('380,00 €')).toBeInTheDocument();
    expect(screen.getByText('Kredi limiti', { selector: 'th *, th' })).toBeInTheDocument();
  });
});

describe('the customer and dealer home', () => {
  it('shows the balance figures, recent orders and active eSIMs from their own widgets', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.dealer });
    expect(await screen.findAllByText('395,50 €')).not.toHaveLength(0);
    // Orders are named by their plan: where it works, its data and days.
    expect(await screen.findAllByText('Türkiye 1 GB · 7 gün')).not.toHaveLength(0);
    expect(dataProvider.calls.map((c) => c.resource)).toEqual(
      expect.arrayContaining(['user/dashboard', 'orders', 'esims']),
    );
  });
});
