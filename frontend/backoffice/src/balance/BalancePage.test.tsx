import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, READS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? '';

describe("a dealer's balance page", () => {
  it('names the credit left under the available balance, and nothing of credit without a limit', async () => {
    const base = fakeDataProvider();
    const withCredit = fakeDataProvider({
      read: async (path, query) =>
        path === 'user/balance'
          ? ({ ...(READS['user/balance'] as object), credit_available_cents: 75_25 } as never)
          : base.read(path, query),
    });
    const view = renderApp({ session: SESSIONS.dealer, path: '/balance', dataProvider: withCredit });
    await screen.findByText(/Kalan kredi: 75,25/, {}, { timeout: 30_000 });
    expect(
      text(screen.getByText('Kalan kredi: 75,25 €', { normalizer: (s) => s.replace(/\s/g, ' ') }).parentElement),
    ).toContain('Kullanılabilir bakiye395,50 €');
    view.unmount();

    renderApp({ session: SESSIONS.dealer, path: '/balance' });
    await screen.findByText('395,50 €', { normalizer: (s) => s.replace(/\s/g, ' ') }, { timeout: 30_000 });
    expect(screen.queryByText(/Kalan kredi/)).toBeNull();
  });
});
