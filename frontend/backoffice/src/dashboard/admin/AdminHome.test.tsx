import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** The card whose label is `label`, read as one line of text. */
const card = (label: string) =>
  (screen.getByText(label).closest('.MuiCard-root')?.textContent ?? '').replace(/\s/g, ' ');

describe("admin's home", () => {
  it('welcomes the admin and shows each figure with its hint, linked to its list', async () => {
    renderApp({ session: SESSIONS.admin, path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /Hoş geldiniz.*Ayşe Yönetici/ }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    await screen.findByText('36,50 €');
    expect(card('Bugünkü satışlar')).toContain('eSIM 16,50 € · Plus 20,00 €');
    expect(card('Bu ayki satışlar')).toContain('1.600,00 €');
    expect(card('Bayilerin toplam borcu')).toContain('380,00 €1 bayinin borcu');
    expect(card('Satış müdürlerindeki nakit')).toContain('120,00 €1 satış müdüründe');
    expect(screen.getByText('Bayilerin toplam borcu').closest('a')).toHaveAttribute('href', '/admin/dealers');
  }, 60_000);

  it('counts only dealers who owe: one in credit neither lowers the debt nor counts', async () => {
    const base = fakeDataProvider();
    const dealers = [
      {
        dealer_id: 'd-1',
        balance: 0,
        balance_cents: 0,
        available_cents: 0,
        held_cents: 0,
        owed: 380,
        owed_cents: 38000,
      },
      {
        dealer_id: 'd-2',
        balance: 0,
        balance_cents: 0,
        available_cents: 0,
        held_cents: 0,
        owed: -50,
        owed_cents: -5000,
      },
      { dealer_id: 'd-3', balance: 0, balance_cents: 0, available_cents: 0, held_cents: 0, owed: 20, owed_cents: 2000 },
    ];
    const dataProvider = fakeDataProvider({
      read: async (path, query) => (path === 'admin/dealers/balances' ? (dealers as never) : base.read(path, query)),
    });
    renderApp({ session: SESSIONS.admin, path: '/', dataProvider });
    await screen.findByText('400,00 €', {}, { timeout: 30_000 });
    expect(card('Bayilerin toplam borcu')).toContain('400,00 €2 bayinin borcu');
  }, 60_000);

  it('shows a dash for a figure that failed to load, and the others as usual', async () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      read: async (path, query) => {
        if (path === 'admin/sales') throw new Error('balance unavailable');
        return base.read(path, query);
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/', dataProvider });
    await screen.findByText('380,00 €', {}, { timeout: 30_000 });
    await screen.findAllByText('—', {}, { timeout: 10_000 });
    expect(card('Bugünkü satışlar')).toBe('Bugünkü satışlar—');
    expect(card('Bu ayki satışlar')).toBe('Bu ayki satışlar—');
  }, 60_000);
});
