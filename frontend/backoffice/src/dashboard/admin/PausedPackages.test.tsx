import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { PAUSED_PACKAGES_LINK } from './PausedPackages';

describe("admin's home: packages paused for their cost", () => {
  it('says how many stopped selling because their cost rose above their price, linked to them', async () => {
    const fallback = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return resource === 'admin/packages' ? { data: [], total: 3 } : fallback.getList(resource, params);
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/', dataProvider });
    const label = await screen.findByText('Durdurulan: maliyet fiyatın üstünde', {}, { timeout: 30_000 });
    const card = label.closest('a')!;
    await waitFor(() => expect(card.textContent).toContain('3 paketin satışı durdu'));
    expect(card).toHaveAttribute('href', PAUSED_PACKAGES_LINK);
    expect(decodeURIComponent(PAUSED_PACKAGES_LINK)).toBe(
      '/admin/packages?filter={"kind":"esim","active":true,"paused":"cost_above_price"}',
    );
    expect(dataProvider.calls).toContainEqual(
      expect.objectContaining({
        method: 'getList',
        resource: 'admin/packages',
        params: expect.objectContaining({ filter: { kind: 'esim', active: true, paused: 'cost_above_price' } }),
      }),
    );
  }, 60_000);
});
