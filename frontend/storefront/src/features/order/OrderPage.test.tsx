import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EsimOrder, EsimProfile } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { renderPage } from '../../test/render';
import OrderPage from './OrderPage';

const READY: EsimProfile = {
  id: 'e1',
  order_id: 'o1',
  iccid: '8990000000000000001',
  status: 'inactive',
  activation_code: 'LPA:1$smdp.example.com$MATCH-1',
  smdp_address: 'smdp.example.com',
  matching_id: 'MATCH-1',
  confirmation_code_required: false,
  ios_install_url: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=x',
  qr_url: 'data:image/png;base64,iVBORw0KGgo=',
  usage: { total_bytes: 1, remaining_bytes: 1, used_bytes: 0, percentage: 0, unlimited: false },
  activated_at: null,
  expires_at: null,
  refundable: true,
  refund_deadline: '2099-01-01T00:00:00.000Z',
};
/** Refunded: the service withdrew its code (every install field null). */
const REFUNDED: EsimProfile = {
  ...READY,
  id: 'e2',
  iccid: '8990000000000000002',
  status: 'refunded',
  activation_code: null,
  smdp_address: null,
  matching_id: null,
  ios_install_url: null,
  qr_url: null,
  refundable: false,
  refund_deadline: null,
};
const ORDER = {
  id: 'o1',
  order_number: 'ESIM2026ABCDEF',
  status: 'partially_refunded',
  package: { id: 'p1', code: 'US-7D-3GB', name: 'ABD 7 Gün' },
  quantity: 2,
  total: 40,
  total_cents: 4000,
  created_at: '2026-12-01T10:00:00Z',
  failure_reason: null,
  agreement: null,
  esims: [READY, REFUNDED],
} as unknown as EsimOrder;

const ok = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, code: 'ok', message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  browserSession.clear();
});

function show(lng: 'tr' | 'en' = 'tr') {
  browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/user/esim/orders/o1') return ok(ORDER);
      if (url.endsWith('/install-links')) return ok([]);
      return ok(null, 404);
    }),
  );
  return renderPage(<OrderPage />, { path: '/order/o1', route: '/order/:id', lng });
}

describe('the order page', () => {
  it('shows a refunded eSIM by its state only: no QR, no codes, no iPhone button, no install steps', async () => {
    show();
    const cards = await screen.findAllByTestId('esim-profile', {}, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    const [ready, refunded] = cards as [HTMLElement, HTMLElement];
    expect(within(refunded).getByTestId('esim-status')).toHaveTextContent('İade Edildi');
    expect(refunded).toHaveTextContent('8990000000000000002');
    expect(refunded).toHaveTextContent('Bu eSIM iade edildi');
    expect(within(refunded).queryByRole('img')).toBeNull();
    expect(within(refunded).queryByText('Aktivasyon kodu')).toBeNull();
    expect(within(refunded).queryByText('LPA kodu')).toBeNull();
    expect(within(refunded).queryByText('Manuel kurulum')).toBeNull();
    expect(within(refunded).queryByRole('link', { name: /iPhone/ })).toBeNull();
    expect(within(refunded).queryByRole('button', { name: /Kopyala/ })).toBeNull();
    // Its neighbour, never used, still shows everything to install it.
    expect(within(ready).getByTestId('esim-status')).toHaveTextContent('Kuruluma hazır');
    expect(within(ready).getByText('MATCH-1')).toBeInTheDocument();
    expect(within(ready).getByRole('img', { name: /8990000000000000001/ })).toBeInTheDocument();
  });

  it('in English, says "Refunded" and nothing to install', async () => {
    show('en');
    const cards = await screen.findAllByTestId('esim-profile', {}, { timeout: 5000 });
    const refunded = cards[1]!;
    expect(within(refunded).getByTestId('esim-status')).toHaveTextContent('Refunded');
    expect(refunded).toHaveTextContent('This eSIM was refunded');
    expect(within(refunded).queryByText('Activation code')).toBeNull();
  });
});
