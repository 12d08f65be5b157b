import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { supplierOffersLink, type SupplierStatus } from './Suppliers';

const AIRALO: SupplierStatus = {
  name: 'airalo',
  balance: 42.5,
  balance_cents: 4250,
  balance_checked_at: '2026-12-06T09:00:00.000Z',
  balance_low: true,
  balance_message: 'Surpassed 80% of the credit limit balance',
  last_sync_at: '2026-12-06T09:00:00.000Z',
  last_sync_error: null,
  last_sync_result: { offers: 120, mapped: 115, unmapped: 5, paused: 0, gone: 0 },
  failed_last_day: 2,
};
const ESIM_ACCESS: SupplierStatus = {
  name: 'esimaccess',
  balance: 1500,
  balance_cents: 150000,
  balance_checked_at: '2026-12-06T09:00:00.000Z',
  balance_low: false,
  balance_message: null,
  last_sync_at: '2026-12-06T08:00:00.000Z',
  last_sync_error: 'eSIM Access answered 503',
  last_sync_result: null,
  failed_last_day: 0,
};

/** The admin's home over these suppliers; a sync answers `afterSync`. */
function home(suppliers: SupplierStatus[], afterSync: SupplierStatus[] = suppliers, locale: 'tr' | 'en' = 'tr') {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path, query) => (path === 'admin/esim/suppliers' ? (suppliers as never) : base.read(path, query)),
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      return { data: afterSync as never, message: locale === 'en' ? 'Suppliers synced' : 'Tedarikçiler eşitlendi' };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/', dataProvider, locale });
  return dataProvider;
}

describe("admin's home: the suppliers", () => {
  it('shows each supplier’s balance (warned when low), its last sync or its error, the orders it failed today and its packages', async () => {
    home([AIRALO, ESIM_ACCESS]);
    const airalo = await screen.findByTestId('supplier-airalo', {}, { timeout: 30_000 });
    expect(airalo).toHaveTextContent('Airalo');
    expect(airalo).toHaveTextContent(/42,50\s€/);
    expect(within(airalo).getByRole('alert')).toHaveTextContent('Surpassed 80% of the credit limit balance');
    expect(airalo).toHaveTextContent('120 paket · 5 bağlı değil');
    const failed = within(airalo).getByRole('link', { name: '2' });
    expect(decodeURIComponent(failed.getAttribute('href')!)).toContain('/admin/esim-orders?filter={"status":"failed"}');
    expect(within(airalo).getByRole('link', { name: 'Tedarikçi paketleri' })).toHaveAttribute(
      'href',
      supplierOffersLink('airalo'),
    );
    expect(decodeURIComponent(supplierOffersLink('airalo'))).toBe(
      '/admin/supplier-offers?filter={"supplier":"airalo"}',
    );

    const esimAccess = screen.getByTestId('supplier-esimaccess');
    expect(esimAccess).toHaveTextContent('eSIM Access');
    expect(esimAccess).toHaveTextContent(/1\.500,00\s€/);
    expect(esimAccess).toHaveTextContent('Son eşitleme başarısız: eSIM Access answered 503');
    expect(esimAccess).not.toHaveTextContent('Bakiye düşük');
  }, 60_000);

  it('“Şimdi eşitle” syncs every supplier and shows what the sync found', async () => {
    const synced = {
      ...ESIM_ACCESS,
      last_sync_error: null,
      last_sync_result: { ...AIRALO.last_sync_result!, offers: 80, unmapped: 3 },
    };
    const dataProvider = home([AIRALO, ESIM_ACCESS], [AIRALO, synced]);
    const button = await screen.findByRole('button', { name: 'Şimdi eşitle' }, { timeout: 30_000 });
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByTestId('supplier-esimaccess')).toHaveTextContent('80 paket · 3 bağlı değil'),
    );
    expect(screen.getByTestId('supplier-esimaccess')).not.toHaveTextContent('Son eşitleme başarısız');
    expect(dataProvider.calls).toContainEqual(
      expect.objectContaining({ method: 'send:POST', resource: 'admin/esim/suppliers/sync' }),
    );
    expect(await screen.findByText('Tedarikçiler eşitlendi')).toBeInTheDocument();
  }, 60_000);

  it('with no supplier configured, says the pool sells alone and offers no sync', async () => {
    home([], [], 'en');
    const card = await screen.findByTestId('suppliers-card', {}, { timeout: 30_000 });
    await waitFor(() =>
      expect(card).toHaveTextContent('No supplier is configured: eSIMs are sold from the profile pool only.'),
    );
    expect(within(card).queryByRole('button', { name: 'Sync now' })).toBeNull();
  }, 60_000);
});
