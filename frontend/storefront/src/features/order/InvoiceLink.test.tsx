import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EsimOrder, UserInvoice } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { renderPage } from '../../test/render';
import OrderPage from './OrderPage';

const ORDER = {
  id: 'o1',
  order_number: 'ESIM2026ABCDEF',
  status: 'completed',
  package: { id: 'p1', code: 'TR-7D-3GB', name: 'Başlangıç', title: 'Türkiye 3 GB · 7 gün' },
  quantity: 1,
  total: 19.99,
  total_cents: 1999,
  created_at: '2026-12-01T10:00:00Z',
  failure_reason: null,
  agreement: null,
  esims: [],
} as unknown as EsimOrder;
const INVOICE: UserInvoice = {
  id: 'inv-1',
  number: 'DEM2026000000001',
  sale_number: 'ESIM2026ABCDEF',
  total: 19.99,
  total_cents: 1999,
  issued_at: '2026-12-01T10:01:00Z',
  pdf_path: '/user/invoices/inv-1/pdf',
};

const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, code: 'ok', message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

// jsdom has no object URLs: the downloaded PDF gets a stand-in one.
URL.createObjectURL = () => 'blob:invoice';
URL.revokeObjectURL = () => undefined;

afterEach(() => {
  vi.unstubAllGlobals();
  browserSession.clear();
});

function show(invoice: UserInvoice | null, lng: 'tr' | 'en' = 'tr') {
  browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/user/esim/orders/o1') return answer(ORDER);
    if (url === '/api/user/orders/o1/invoice') return invoice ? answer(invoice) : answer(null, 404);
    if (url === '/api/user/invoices/inv-1/pdf')
      return new Response(new Blob(['%PDF-1.3'], { type: 'application/pdf' }), { status: 200 });
    return answer(null, 404);
  });
  vi.stubGlobal('fetch', fetch);
  renderPage(<OrderPage />, { path: '/order/o1', route: '/order/:id', lng });
  return fetch;
}

describe("the order page's invoice link", () => {
  it('offers "Faturayı indir" once the invoice is issued and downloads its PDF with the token', async () => {
    const fetch = show(INVOICE);
    const button = await screen.findByRole('button', { name: 'Faturayı indir' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdfCall = fetch.mock.calls.find(([url]) => String(url) === '/api/user/invoices/inv-1/pdf');
    expect(pdfCall?.[1]?.headers).toMatchObject({ authorization: 'Bearer token' });
  });

  it('shows no link while the invoice is not issued, and speaks English', async () => {
    show(null, 'en');
    expect(await screen.findByTestId('order-title')).toHaveTextContent('Türkiye 3 GB · 7 gün');
    await waitFor(() => expect(screen.queryByTestId('order-invoice')).toBeNull());
    vi.unstubAllGlobals();
    show(INVOICE, 'en');
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
  });
});
