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
    // Each row names its package for a phone too (where the first column is hidden).
    expect(screen.getAllByTestId('package-name-phone').map((name) => name.textContent)).toEqual(['Starter', 'Standard', 'Premium']);
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

describe('package rows on a phone', () => {
  it('a regional package row carries its name beside days, data and price, so a dearer smaller plan is explained', () => {
    const europe = { ...pkg('EUROPE-30D-20GB', 30, 20480, 49.99), name: 'Avrupa 30 Gün', type: 'regional' as const, country_count: 40 };
    const world = { ...pkg('GLOBAL-30D-10GB', 30, 10240, 69.99), name: 'Dünya 30 Gün', type: 'global' as const, country_count: 9 };
    renderPage(<PackageTable packages={[europe, world]} onBuy={() => {}} caption="Çekya" />);
    const rows = screen.getAllByTestId('package-row');
    const durationCells = rows.map((row) => within(row).getAllByRole('cell')[1]!);
    expect(durationCells.map((cell) => within(cell).getByTestId('package-name-phone').textContent)).toEqual(['Avrupa 30 Gün', 'Dünya 30 Gün']);
    expect(durationCells[0]).toHaveTextContent('30 gün');
  });
});
