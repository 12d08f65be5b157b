import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, READS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('the home spend chart', () => {
  it('draws every day of the server aggregate, all 151 purchases counted, without reading transactions', async () => {
    const dataProvider = fakeDataProvider();
    renderApp({ session: SESSIONS.dealer, dataProvider });
    expect(await screen.findByText('151 satın almada toplam 454,50 €')).toBeInTheDocument();
    // Intl writes a no-break space before €.
    const label = screen
      .getByRole('img', { name: /20 Kas: 450,00\s€/ })
      .getAttribute('aria-label')!
      .replace(/\s/g, ' ');
    expect(label.split(', ')).toHaveLength(30);
    expect(label).toContain('22 Kas: 4,50 €');
    expect(label).toContain('21 Kas: 0,00 €');
    expect(dataProvider.calls).toContainEqual({ method: 'read', resource: 'user/balance/spend' });
    expect(dataProvider.calls.filter((c) => c.resource === 'transactions')).toEqual([]);
  });

  it('says what to do when nothing was bought, in English too', async () => {
    const none = { ...(READS['user/balance/spend'] as object), total: 0, total_cents: 0, count: 0, by_day: [] };
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      read: async (path, query) => (path === 'user/balance/spend' ? (none as never) : base.read(path, query)),
    });
    renderApp({ session: SESSIONS.dealer, dataProvider, locale: 'en' });
    expect(await screen.findByText('No purchases in the last 30 days.')).toBeInTheDocument();
  });
});
