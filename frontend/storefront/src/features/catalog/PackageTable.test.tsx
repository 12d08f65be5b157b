import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { PackageTable } from './PackageTable';
import { nextSort, sortPackages } from './sort';
import type { PublicPackage } from './types';

const pkg = (id: string, duration: number, dataMb: number | null, price: number, recommended = false): PublicPackage => ({
  id,
  code: id,
  name: id,
  name_tr: id,
  name_en: id,
  type: 'local',
  duration,
  data: dataMb === null ? 'Sınırsız' : `${dataMb / 1024} GB`,
  data_mb: dataMb,
  unlimited: dataMb === null,
  price,
  currency: 'EUR',
  recommended,
  features: [],
  country_count: 1,
});
// The spec's US packages.
const US = [pkg('Premium', 30, 10240, 39.99), pkg('Starter', 7, 3072, 14.99), pkg('Standard', 15, 5120, 24.99, true)];

describe('package sorting', () => {
  it('sorts by duration, data and price in both directions; unlimited data is the largest', () => {
    expect(sortPackages(US, { column: 'duration', order: 'asc' }).map((p) => p.id)).toEqual(['Starter', 'Standard', 'Premium']);
    expect(sortPackages(US, { column: 'price', order: 'desc' }).map((p) => p.id)).toEqual(['Premium', 'Standard', 'Starter']);
    const withUnlimited = [...US, pkg('Unlimited', 7, null, 50)];
    expect(sortPackages(withUnlimited, { column: 'data', order: 'desc' })[0]!.id).toBe('Unlimited');
  });

  it('a click on the same column toggles, another column starts ascending', () => {
    expect(nextSort({ column: 'price', order: 'asc' }, 'price')).toEqual({ column: 'price', order: 'desc' });
    expect(nextSort({ column: 'price', order: 'desc' }, 'price')).toEqual({ column: 'price', order: 'asc' });
    expect(nextSort({ column: 'price', order: 'desc' }, 'data')).toEqual({ column: 'data', order: 'asc' });
  });

  it('the table re-sorts on header clicks and marks the recommended package', async () => {
    const onBuy = vi.fn();
    renderPage(<PackageTable packages={US} onBuy={onBuy} caption="ABD" />);
    const names = () => screen.getAllByTestId('package-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['Starter', 'StandardÖnerilen', 'Premium']);
    await userEvent.click(screen.getByRole('button', { name: 'Fiyat' }));
    expect(names()).toEqual(['Starter', 'StandardÖnerilen', 'Premium']);
    await userEvent.click(screen.getByRole('button', { name: 'Fiyat' }));
    expect(names()).toEqual(['Premium', 'StandardÖnerilen', 'Starter']);
    await userEvent.click(screen.getByRole('button', { name: 'Veri' }));
    expect(names()).toEqual(['Starter', 'StandardÖnerilen', 'Premium']);
    await userEvent.click(screen.getByRole('button', { name: 'Hemen Satın Al: Premium' }));
    expect(onBuy).toHaveBeenCalledWith(expect.objectContaining({ id: 'Premium' }));
  });
});
