import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, READS, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { parseThreshold } from './ThresholdDialog';

const STOCK = (READS['admin/esim/pool/stock'] as Array<Record<string, unknown>>).map((row) => ({
  id: row.package_code,
  ...row,
}));

function renderPool() {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      return resource === 'admin/esim-pool'
        ? { data: STOCK as never[], total: STOCK.length }
        : base.getList(resource, params);
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/esim-pool', dataProvider });
  return dataProvider;
}

beforeAll(async () => {
  await Promise.all([import('./PoolStockList'), import('../../App')]);
}, 60_000);

describe('eSIM pool: low-stock threshold', () => {
  it('takes a whole number from 0 to 1,000,000 only', () => {
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold(' 25 ')).toBe(25);
    expect(parseThreshold('1000000')).toBe(1_000_000);
    expect(parseThreshold('1000001')).toBe('invalid');
    expect(parseThreshold('-5')).toBe('invalid');
    expect(parseThreshold('2,5')).toBe('invalid');
    expect(parseThreshold('')).toBe('empty');
  });

  it('lists each package with free, assigned and its state; a bad threshold is refused before any call, a good one is PUT by package code', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPool();
    const row = (await screen.findByText('TR-1GB-7D', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Az')).toBeInTheDocument();
    expect(within(row).getByText('40')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'TR-1GB-7D paketinin düşük stok eşiğini değiştir' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: 'Düşük stok eşiği' });
    expect(field).toHaveValue('10');
    await user.clear(field);
    await user.type(field, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getByText('0 ile 1.000.000 arasında bir tam sayı girin')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.clear(field);
    await user.type(field, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:PUT',
        resource: 'admin/esim/pool/thresholds/TR-1GB-7D',
        params: { threshold: 25 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);
});
