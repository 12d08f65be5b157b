import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@esim/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS, fakeDataProvider } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { createDataProvider } from '../../providers/dataProvider';

beforeAll(async () => {
  await Promise.all([import('./InvoiceList'), import('../../App')]);
}, 60_000);

const base: Invoice = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'invoice',
  sale_id: 'order-1',
  return_id: null,
  sale_type: 'esim',
  sale_number: 'ES-2026-000123',
  account_id: 'u1',
  buyer_name: 'Ayşe Yılmaz',
  buyer_email: 'ayse@example.com',
  buyer_tax_number: null,
  buyer_tax_office: null,
  lines: [],
  total: 19.99,
  total_cents: 1999,
  vat: 3.33,
  vat_cents: 333,
  currency: 'EUR',
  provider: 'demo',
  provider_id: 'p1',
  number: 'DEM2026000000001',
  status: 'issued',
  attempts: 1,
  last_error: null,
  next_attempt_at: null,
  invoice_id: null,
  created_at: '2026-12-06T10:00:00Z',
  issued_at: '2026-12-06T10:00:05Z',
};
const FAILED: Invoice = {
  ...base,
  id: '22222222-2222-4222-8222-222222222222',
  sale_number: 'ES-2026-000124',
  buyer_name: 'Mehmet Kaya',
  number: null,
  provider_id: null,
  status: 'failed',
  last_error: 'VKN/TCKN geçersiz',
};

function provider() {
  const dp = fakeDataProvider({
    getList: async (resource, params) => {
      dp.calls.push({ method: 'getList', resource, params });
      const rows = resource === 'admin/invoices' ? [base, FAILED] : [];
      return { data: rows as never[], total: rows.length };
    },
  });
  return dp;
}

describe('admin invoices', () => {
  it('lists documents with status, number, order, buyer, amount, VAT and error; a failed one is issued again, an issued one downloads', async () => {
    const dataProvider = provider();
    renderApp({ session: SESSIONS.admin, path: '/admin/invoices', dataProvider });
    const issuedRow = (await screen.findByText('DEM2026000000001')).closest('tr') as HTMLElement;
    expect(within(issuedRow).getByText('Kesildi')).toBeInTheDocument();
    expect(within(issuedRow).getByText('ES-2026-000123')).toBeInTheDocument();
    expect(within(issuedRow).getByText('Ayşe Yılmaz')).toBeInTheDocument();
    expect(within(issuedRow).getByText(/19,99/)).toBeInTheDocument();
    expect(within(issuedRow).getByText(/3,33/)).toBeInTheDocument();
    expect(within(issuedRow).queryByRole('button', { name: 'Yeniden kes' })).toBeNull();

    const failedRow = screen.getByText('Mehmet Kaya').closest('tr') as HTMLElement;
    expect(within(failedRow).getByText('Hata')).toBeInTheDocument();
    expect(within(failedRow).getByText('VKN/TCKN geçersiz')).toBeInTheDocument();
    expect(within(failedRow).queryByRole('button', { name: 'PDF indir' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(failedRow).getByRole('button', { name: 'Yeniden kes' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/invoices/${FAILED.id}/retry`,
        params: undefined,
      }),
    );
    await user.click(within(issuedRow).getByRole('button', { name: 'PDF indir' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({ method: 'blobUrl', resource: `admin/invoices/${base.id}/pdf` }),
    );
  }, 60_000);

  it('shows the menu entry in English and sends its filters under the API names', async () => {
    renderApp({ session: SESSIONS.admin, path: '/admin/invoices', locale: 'en', dataProvider: provider() });
    expect(await screen.findByText('Issued')).toBeInTheDocument();
    expect(screen.getAllByText('Invoices').length).toBeGreaterThan(0);

    const urls: string[] = [];
    const http = async (url: string) => {
      urls.push(url);
      return {
        status: 200,
        headers: new Headers({ 'Content-Range': 'items 0-0/0' }),
        body: '[]',
        json: [],
        envelope: null,
      };
    };
    await createDataProvider('/api', http as never).getList('admin/invoices', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'DEM', status: 'failed', sale_type: 'top_up', colour: 'red' },
    });
    const url = new URL(urls[0]!, 'http://x');
    expect(url.pathname).toBe('/api/admin/invoices');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'DEM', status: 'failed', sale_type: 'top_up' });
  }, 60_000);
});

describe('invoice VAT rates on the shop settings page', () => {
  it('refuses a rate out of range, then sends only the rate that changed to the auth service', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/shop-settings' });
    const field = await screen.findByLabelText('eSIM ek paketleri');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '120');
    const card = field.closest('form') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await within(card).findByText('0 ile 100 arasında bir tam sayı girin')).toBeInTheDocument();
    expect(dataProvider.calls.some((c) => c.resource === 'admin/invoices/settings' && c.method === 'send:PUT')).toBe(
      false,
    );
    await user.clear(field);
    await user.type(field, '10');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:PUT',
        resource: 'admin/invoices/settings',
        params: { vat_top_up: 10 },
      }),
    );
  }, 60_000);
});
