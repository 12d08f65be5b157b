import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EsimOrder, EsimProfile } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { renderPage } from '../../test/render';
import OrderPage, { PREPARING_POLL_DELAYS_MS } from './OrderPage';

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
  usage_updated_at: null,
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
  package: { id: 'p1', code: 'US-7D-3GB', name: 'Başlangıç', title: 'Amerika Birleşik Devletleri 3 GB · 7 gün' },
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
  vi.useRealTimers();
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

  it('is headed by the plan, where it works with its data and days, and names the order under it', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Amerika Birleşik Devletleri 3 GB · 7 gün',
    );
    expect(screen.getByText('Sipariş ESIM2026ABCDEF')).toBeInTheDocument();
    // The catalog's tier name alone never stands for the plan.
    expect(screen.queryByText('Başlangıç')).toBeNull();
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

/** An order its supplier is preparing (the service's 202), as the order page reads it. */
const PREPARING = {
  ...ORDER,
  status: 'processing',
  package: {
    id: 'p1',
    code: 'EA-TR-1GB',
    name: 'Türkiye 1 GB',
    title: 'Türkiye 1 GB · 7 gün',
    country_slug: 'turkiye',
  },
  quantity: 1,
  esims: [],
  agreement: {
    version: '2026-11',
    text: '…',
    accepted_at: '2026-12-01T10:00:00Z',
    paid_by_card: 0,
    paid_by_card_cents: 0,
  },
} as unknown as EsimOrder;

/** The order service answering each look at the order with the next of `answers` (the last one again and again). */
function answering(answers: EsimOrder[], lng: 'tr' | 'en' = 'tr') {
  browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
  let looks = 0;
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/user/esim/orders/o1') return ok(answers[Math.min(looks++, answers.length - 1)]);
    if (url.endsWith('/install-links')) return ok([]);
    if (url.includes('/top-ups')) return ok(null, 404);
    return ok(null, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  const looked = () => fetchStub.mock.calls.filter(([input]) => String(input) === '/api/user/esim/orders/o1').length;
  return { looked, ...renderPage(<OrderPage />, { path: '/order/o1', route: '/order/:id', lng }) };
}

describe('an order its supplier is still preparing', () => {
  it('reads "Hazırlanıyor" with what is happening and the mail to come, looks again by itself and turns into the QR page once delivered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { looked } = answering([
      PREPARING,
      PREPARING,
      { ...PREPARING, status: 'completed', esims: [READY] } as EsimOrder,
    ]);
    const waiting = await screen.findByTestId('order-preparing', {}, { timeout: 5000 });
    expect(screen.getByTestId('order-status')).toHaveTextContent('Hazırlanıyor');
    expect(waiting).toHaveTextContent('eSIM’iniz hazırlanıyor');
    expect(waiting).toHaveTextContent('Bu sayfa kendiliğinden yenilenir');
    expect(waiting).toHaveTextContent('makbuzunuzu ve bu sayfanın bağlantısını e-postayla da göndereceğiz');
    expect(screen.queryByTestId('esim-profile')).toBeNull();
    expect(looked()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(PREPARING_POLL_DELAYS_MS[0]!));
    expect(looked()).toBe(2);
    expect(screen.getByTestId('order-preparing')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PREPARING_POLL_DELAYS_MS[1]!));
    expect(looked()).toBe(3);
    const card = await screen.findByTestId('esim-profile');
    expect(within(card).getByText('MATCH-1')).toBeInTheDocument();
    expect(screen.queryByTestId('order-preparing')).toBeNull();
    expect(screen.getByTestId('order-status')).toHaveTextContent('Tamamlandı');
    expect(await screen.findByText('eSIM’iniz hazır')).toBeInTheDocument();
    // Delivered: nothing more to wait for.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(looked()).toBe(3);
  });

  it('backs off, stops after a while with a refresh link that looks again and starts over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { looked } = answering([{ ...PREPARING, agreement: null } as EsimOrder], 'en');
    const waiting = await screen.findByTestId('order-preparing', {}, { timeout: 5000 });
    expect(screen.getByTestId('order-status')).toHaveTextContent('Preparing');
    expect(waiting).toHaveTextContent('Your eSIM is being prepared');
    // Bought without the checkout's documents: no receipt mail is promised.
    expect(waiting).not.toHaveTextContent('e-mail');
    for (const delay of PREPARING_POLL_DELAYS_MS) await act(() => vi.advanceTimersByTimeAsync(delay));
    expect(looked()).toBe(1 + PREPARING_POLL_DELAYS_MS.length);
    const total = PREPARING_POLL_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(4 * 60_000);
    // Later looks come further apart: never more often than the one before.
    expect(PREPARING_POLL_DELAYS_MS.every((delay, i) => i === 0 || delay >= PREPARING_POLL_DELAYS_MS[i - 1]!)).toBe(
      true,
    );
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(looked()).toBe(1 + PREPARING_POLL_DELAYS_MS.length);
    expect(waiting).toHaveTextContent('no longer updates by itself');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(looked()).toBe(2 + PREPARING_POLL_DELAYS_MS.length);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(PREPARING_POLL_DELAYS_MS[0]!));
    expect(looked()).toBe(3 + PREPARING_POLL_DELAYS_MS.length);
  });
});

describe('a failed order', () => {
  const failed = (failure_code: string, failure_reason: string) =>
    ({ ...PREPARING, status: 'failed', failure_code, failure_reason }) as unknown as EsimOrder;

  it('says why plainly, that nothing was charged where its text does not, and where to choose another package', async () => {
    answering([failed('esim_out_of_stock', 'Stok yetersiz')]);
    const alert = await screen.findByTestId('order-failed', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Sipariş tamamlanamadı');
    expect(alert).toHaveTextContent('Stok yetersiz');
    expect(alert).toHaveTextContent('Ücret alınmadı.');
    expect(within(alert).getByRole('link', { name: 'Başka bir paket seçin' })).toHaveAttribute(
      'href',
      '/packages/turkiye',
    );
    expect(screen.getByTestId('order-status')).toHaveTextContent('Başarısız');
    expect(screen.queryByTestId('order-preparing')).toBeNull();
  });

  it("a supplier's reason already says nothing was charged: said once", async () => {
    const reason =
      'The eSIM did not arrive from the supplier in time, so the order was cancelled; nothing was charged.';
    answering([failed('supplier_delivery_timeout', reason)], 'en');
    const alert = await screen.findByTestId('order-failed', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(reason);
    expect(alert).not.toHaveTextContent('Nothing was charged.');
  });
});

describe('an order that is not there', () => {
  it.each([
    ['tr', 404, 'Sipariş bulunamadı', 'Siparişlerim'],
    ['en', 404, 'Order not found', 'My Orders'],
    ['tr', 400, 'Sipariş bulunamadı', 'Siparişlerim'],
  ] as const)(
    'in %s, a %i is the not-found page with the way home and to the orders',
    async (lng, status, title, orders) => {
      browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(
              JSON.stringify({ success: false, code: 'esim_order_not_found', message: 'Sipariş bulunamadı' }),
              {
                status,
              },
            ),
        ),
      );
      renderPage(<OrderPage />, { path: '/order/nope', route: '/order/:id', lng });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: orders })).toHaveAttribute('href', '/dashboard/orders');
      expect(screen.getByRole('link', { name: lng === 'tr' ? 'Ana Sayfaya Dön' : 'Back to Home' })).toHaveAttribute(
        'href',
        '/',
      );
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
