import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { PackageTable } from './PackageTable';
import { nextSort, sortPackages } from './sort';
import type { PublicPackage } from './types';

const pkg = (
  id: string,
  duration: number,
  dataMb: number | null,
  price: number,
  recommended = false,
): PublicPackage => ({
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
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [{ code: 'US', name: 'Amerika Birleşik Devletleri', operators: ['AT&T', 'T-Mobile'] }],
});
// The demo catalogue's US packages (docs/product.md, The demo catalogue).
const US = [pkg('Premium', 30, 10240, 39.99), pkg('Starter', 7, 3072, 14.99), pkg('Standard', 15, 5120, 24.99, true)];

describe('package sorting', () => {
  it('sorts by duration, data and price in both directions; unlimited data is the largest', () => {
    expect(sortPackages(US, { column: 'duration', order: 'asc' }).map((p) => p.id)).toEqual([
      'Starter',
      'Standard',
      'Premium',
    ]);
    expect(sortPackages(US, { column: 'price', order: 'desc' }).map((p) => p.id)).toEqual([
      'Premium',
      'Standard',
      'Starter',
    ]);
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
    const names = () =>
      screen.getAllByTestId('package-row').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    // Each row names its package for a phone too (where the first column is hidden).
    expect(screen.getAllByTestId('package-name-phone').map((name) => name.textContent)).toEqual([
      'Starter',
      'Standard',
      'Premium',
    ]);
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
    const europe = {
      ...pkg('EUROPE-30D-20GB', 30, 20480, 49.99),
      name: 'Avrupa 30 Gün',
      type: 'regional' as const,
      country_count: 40,
    };
    const world = {
      ...pkg('GLOBAL-30D-10GB', 30, 10240, 69.99),
      name: 'Dünya 30 Gün',
      type: 'global' as const,
      country_count: 9,
    };
    renderPage(<PackageTable packages={[europe, world]} onBuy={() => {}} caption="Çekya" />);
    const rows = screen.getAllByTestId('package-row');
    const durationCells = rows.map((row) => within(row).getAllByRole('cell')[1]!);
    expect(durationCells.map((cell) => within(cell).getByTestId('package-name-phone').textContent)).toEqual([
      'Avrupa 30 Gün',
      'Dünya 30 Gün',
    ]);
    expect(durationCells[0]).toHaveTextContent('30 gün');
  });
});

describe('plan details before buying', () => {
  const EUROPE_COVERAGE = [
    { code: 'DE', name: 'Almanya', operators: ['Telekom', 'Vodafone'] },
    { code: 'AT', name: 'Avusturya', operators: ['A1', 'Magenta'] },
    { code: 'CZ', name: 'Çekya', operators: ['T-Mobile', 'O2'] },
    { code: 'GB', name: 'Birleşik Krallık', operators: ['EE', 'Three'] },
    { code: 'TR', name: 'Türkiye', operators: ['Turkcell', 'Vodafone'] },
  ];
  const europe = {
    ...pkg('EUROPE-15D-5GB', 15, 5120, 24.99),
    name: 'Avrupa 15 Gün',
    type: 'regional' as const,
    country_count: 5,
    coverage: EUROPE_COVERAGE,
  };
  const africa = {
    ...europe,
    id: 'AFRICA',
    name: 'Afrika 15 Gün',
    network: '4G' as const,
    hotspot: false,
    validity_start: 'purchase' as const,
  };

  it('each row names its network and hotspot', () => {
    renderPage(<PackageTable packages={[europe, africa]} onBuy={() => {}} caption="Çekya" />);
    expect(screen.getAllByTestId('plan-summary').map((line) => line.textContent)).toEqual([
      '5G · Hotspot var',
      '4G · Hotspot yok',
    ]);
  });

  it('the details name the operators in the page’s country, when the days start, and list every covered country with a search', async () => {
    const onBuy = vi.fn();
    renderPage(<PackageTable packages={[europe]} onBuy={onBuy} caption="Çekya" countryCode="CZ" />);
    await userEvent.click(screen.getByRole('button', { name: 'Plan ayrıntıları: Avrupa 15 Gün' }));
    // The dialog's code loads on the first click.
    const dialog = await screen.findByRole('dialog', { name: 'Avrupa 15 Gün: plan ayrıntıları' }, { timeout: 10_000 });
    const facts = within(dialog).getByTestId('plan-facts');
    expect(facts).toHaveTextContent('Şebeke5G');
    expect(facts).toHaveTextContent('Kişisel erişim noktası (hotspot)Kullanılabilir');
    expect(facts).toHaveTextContent('15 gün; süre kapsanan bir ülkedeki ilk bağlantıyla başlar');
    expect(facts).toHaveTextContent('Çekya operatörleriT-Mobile, O2');
    const listed = () =>
      within(dialog)
        .getAllByTestId('coverage-country')
        .map((row) => row.firstChild?.textContent);
    expect(within(dialog).getByText('Kapsanan ülkeler (5)')).toBeInTheDocument();
    expect(listed()).toEqual(['Almanya', 'Avusturya', 'Çekya', 'Birleşik Krallık', 'Türkiye']);
    const search = within(dialog).getByRole('textbox', { name: 'Kapsanan ülkelerde ara' });
    await userEvent.type(search, 'çek');
    expect(listed()).toEqual(['Çekya']);
    await userEvent.clear(search);
    await userEvent.type(search, 'UK');
    expect(listed()).toEqual(['Birleşik Krallık']);
    await userEvent.clear(search);
    await userEvent.type(search, 'xyz');
    expect(within(dialog).getByText('Bu adla kapsanan bir ülke yok.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hemen Satın Al' }));
    expect(onBuy).toHaveBeenCalledWith(expect.objectContaining({ id: 'EUROPE-15D-5GB' }));
  });

  it('in English, a plan without hotspot whose days start at purchase says so', async () => {
    renderPage(<PackageTable packages={[{ ...africa, name: 'Africa 15 Days' }]} onBuy={() => {}} caption="Africa" />, {
      lng: 'en',
    });
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('4G · No hotspot');
    await userEvent.click(screen.getByRole('button', { name: 'Plan details: Africa 15 Days' }));
    const facts = within(await screen.findByRole('dialog', {}, { timeout: 10_000 })).getByTestId('plan-facts');
    expect(facts).toHaveTextContent('Hotspot (sharing your connection)Not allowed');
    expect(facts).toHaveTextContent('15 days, starting at purchase');
  });
});
