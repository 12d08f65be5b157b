import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const MAX_PAGE = 100;

afterEach(() => vi.restoreAllMocks());

describe('transactions CSV export', () => {
  it('reads every page of the filtered list (the services answer at most 100 rows a page) and exports them all', async () => {
    const all = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, type: 'purchase', amount: -1, amount_cents: -100, balance_after: 0, balance_after_cents: 0, reference: `R${i + 1}`, created_at: '2026-11-20T09:00:00.000Z' }));
    const dataProvider = fakeDataProvider({
      getList: async (_resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource: 'transactions', params });
        const { page, perPage } = params.pagination!;
        const size = Math.min(perPage, MAX_PAGE);
        return { data: all.slice((page - 1) * size, page * size) as never, total: all.length };
      },
    });
    let csv: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      csv = blob;
      return 'blob:csv';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderApp({ session: SESSIONS.dealer, path: '/transactions', dataProvider });
    await screen.findByText('R1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dışa aktar' }));
    await waitFor(() => expect(csv).toBeDefined());
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(csv!);
    });
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1 + 250);
    const exportPages = dataProvider.calls.filter((c) => c.method === 'getList' && (c.params as { pagination: { perPage: number } }).pagination.perPage === MAX_PAGE);
    expect(exportPages.map((c) => (c.params as { pagination: { page: number } }).pagination.page)).toEqual([1, 2, 3]);
  });
});
