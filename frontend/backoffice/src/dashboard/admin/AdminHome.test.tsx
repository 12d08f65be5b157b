import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

/** The card whose label is `label`, read as one line of text. */
const card = (label: string) => (screen.getByText(label).closest('.MuiCard-root')?.textContent ?? '').replace(/\s/g, ' ');

describe("admin's home", () => {
  it('welcomes the admin and shows each figure with its hint, linked to its list', async () => {
    renderApp({ session: SESSIONS.admin, path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: /Hoş geldiniz.*Ayşe Yönetici/ }, { timeout: 30_000 })).toBeInTheDocument();
    await screen.findByText('36,50 €');
    expect(card('Bugünkü satışlar')).toContain('eSIM 16,50 € · Plus 20,00 €');
    expect(card('Bu ayki satışlar')).toContain('1.600,00 €');
    expect(card('Bayilerin toplam borcu')).toContain('380,00 €1 bayinin borcu');
    expect(card('Satış müdürlerindeki nakit')).toContain('120,00 €1 satış müdüründe');
    expect(screen.getByText('Bayilerin toplam borcu').closest('a')).toHaveAttribute('href', '/admin/dealers');
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
