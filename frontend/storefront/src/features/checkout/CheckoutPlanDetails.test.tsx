import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import type { PublicPackage } from '../catalog/types';
import { CheckoutDialog } from './CheckoutDialog';

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
  country_count: 3,
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [
    { code: 'DE', name: 'Almanya', operators: ['Telekom', 'Vodafone'] },
    { code: 'CZ', name: 'Çekya', operators: ['T-Mobile', 'O2'] },
    { code: 'TR', name: 'Türkiye', operators: ['Turkcell', 'Vodafone'] },
  ],
};
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data }), { status: 200 });

describe('the buy dialog shows the plan’s details', () => {
  it('network, hotspot, validity start and the operators in the page’s country; the covered countries behind a button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/user/packages?'))
          return envelope([
            {
              ...europe,
              countries: ['CZ', 'DE', 'TR'],
              retail_price: 24.99,
              dealer_price: null,
              price_source: 'retail',
            },
          ]);
        if (url === '/api/user/balance')
          return envelope({
            balance: 50,
            balance_cents: 5000,
            available: 50,
            available_cents: 5000,
            held_cents: 0,
            currency: 'EUR',
          });
        return envelope([]);
      }),
    );
    renderPage(<CheckoutDialog pkg={europe} countryCode="CZ" countrySlug="czechia" onClose={() => {}} />);
    const facts = await screen.findByTestId('plan-facts', {}, { timeout: 10_000 });
    expect(facts).toHaveTextContent('Şebeke5G');
    expect(facts).toHaveTextContent(
      'KullanılabilirGeçerlilik15 gün; süre kapsanan bir ülkedeki ilk bağlantıyla başlar',
    );
    expect(facts).toHaveTextContent('Çekya operatörleriT-Mobile, O2');
    expect(screen.queryByTestId('coverage-country')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ülkeleri ve operatörleri göster (3)' }));
    const list = screen.getByRole('list', { name: 'Kapsanan ülkeler (3)' });
    expect(
      within(list)
        .getAllByTestId('coverage-country')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Almanya', 'Çekya', 'Türkiye']);
  });
});
