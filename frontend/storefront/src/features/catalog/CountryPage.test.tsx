import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CountryPackages, PublicPackage } from './types';
import { renderPage } from '../../test/render';
import CountryPage from './CountryPage';

afterEach(() => vi.unstubAllGlobals());

const europe: PublicPackage = {
  id: 'eu-15',
  code: 'EUROPE-15D-5GB',
  name: 'Avrupa 15 Gün',
  name_tr: 'Avrupa 15 Gün',
  name_en: 'Europe 15 Days',
  type: 'regional',
  duration: 15,
  data: '5 GB',
  data_mb: 5120,
  unlimited: false,
  price: 24.99,
  currency: 'EUR',
  recommended: true,
  features: [],
  country_count: 40,
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [
    { code: 'DE', name: 'Almanya', operators: ['Telekom', 'Vodafone'] },
    { code: 'AT', name: 'Avusturya', operators: ['A1', 'Magenta'] },
    { code: 'CZ', name: 'Çekya', operators: ['T-Mobile', 'O2'] },
    { code: 'TR', name: 'Türkiye', operators: ['Turkcell', 'Vodafone'] },
  ],
};
const czechia: CountryPackages = {
  country: { code: 'CZ', a3: 'CZE', name: 'Çekya', slug: 'czechia', flag: 'cz' },
  sort: 'duration',
  order: 'asc',
  packages: [],
  regional_packages: [europe],
};

describe('a country only a regional plan covers', () => {
  it('shows that plan with its price, not "no packages yet"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data: czechia }), { status: 200 }),
      ),
    );
    renderPage(<CountryPage />, { path: '/packages/czechia', route: '/packages/:country' });
    expect(
      await screen.findByRole('heading', { name: 'Çekya için bölgesel ve global paketler' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hemen Satın Al: Avrupa 15 Gün' })).toBeInTheDocument();
    expect(screen.getByTestId('package-row')).toHaveTextContent('24,99');
    expect(screen.queryByText('Bu ülke için henüz paket bulunmuyor.')).not.toBeInTheDocument();
  });
});
