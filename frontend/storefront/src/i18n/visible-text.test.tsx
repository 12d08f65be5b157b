import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_CHECK_STATUSES } from '@esim/contracts';
import { ESIM_ORDER_STATUSES, ESIM_STATUSES, type EsimOrder } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { normalizeBalance } from '../features/balance-check/balanceCheck';
import { renderPage } from '../test/render';
import ForgotPasswordPage from '../auth/ForgotPasswordPage';
import LoginPage from '../auth/LoginPage';
import RegisterPage from '../auth/RegisterPage';
import { BalanceResultCard } from '../features/balance-check/BalancePage';
import ContactPage from '../features/info/ContactPage';
import PartnershipPage from '../features/info/PartnershipPage';
import OrderPage from '../features/order/OrderPage';
import TripPlannerPage from '../features/trip-planner/TripPlannerPage';
import type { Language } from './options';

/**
 * Every visible text goes through the i18n files: rendering the pages that once showed English in
 * the Turkish interface (or a raw status code in either language) must use no missing key, show no
 * status code as it is stored and, in Turkish, none of the English words that slipped through.
 */
afterEach(() => vi.unstubAllGlobals());

const ORDER: EsimOrder = {
  id: 'o1',
  order_number: 'ESIM2026ABCDEF',
  status: 'completed',
  quantity: 1,
  unit_price: 24.99,
  unit_price_cents: 2499,
  total: 24.99,
  total_cents: 2499,
  currency: 'EUR',
  failure_reason: null,
  failure_code: null,
  esim_count: 1,
  created_at: '2026-10-28T10:00:00Z',
  completed_at: '2026-10-28T10:00:05Z',
  user_id: 'u1',
  package: {
    id: 'p1',
    code: 'US-15D-5GB',
    name: 'Standart',
    country_slug: 'united-states',
    country_name: 'ABD',
    data_mb: 5120,
    unlimited: false,
    validity_days: 15,
    operator: 'T-Mobile',
  },
  esims: [
    {
      id: 'e1',
      order_id: 'o1',
      iccid: '8990000000000000001',
      status: 'inactive',
      activation_code: 'LPA:1$smdp-1.operator-7.test$ABC',
      smdp_address: 'smdp-1.operator-7.test',
      matching_id: 'ABC',
      confirmation_code_required: false,
      ios_install_url: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$smdp-1.operator-7.test$ABC',
      qr_url: '/api/user/esim/qr/1.png',
      usage: {
        total_bytes: 5 * 1024 ** 3,
        remaining_bytes: 5 * 1024 ** 3,
        used_bytes: 0,
        percentage: 0,
        unlimited: false,
      },
      activated_at: null,
      expires_at: null,
      refundable: true,
      refund_deadline: null,
    },
  ],
} as unknown as EsimOrder;

const answering = () =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const data = url.includes('/user/esim/orders/') ? ORDER : [];
    return new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });

const PAGES: Array<[name: string, path: string, route: string, element: () => ReactElement]> = [
  ['order', '/order/o1', '/order/:id', () => <OrderPage />],
  [
    'balance check',
    '/balance',
    '/balance',
    () => (
      <BalanceResultCard
        result={normalizeBalance('esim', 'ESIM2026ABCDEF', {
          status: 'inactive',
          package_name: 'Standart',
          total_data_mb: 5120,
          remaining_data_mb: 0,
        })}
      />
    ),
  ],
  ['login', '/login', '/login', () => <LoginPage />],
  ['register', '/register', '/register', () => <RegisterPage />],
  ['forgot password', '/forgot-password', '/forgot-password', () => <ForgotPasswordPage />],
  ['contact', '/contact', '/contact', () => <ContactPage />],
  ['partnership', '/partnership', '/partnership', () => <PartnershipPage />],
  ['trip planner', '/trip-planner', '/trip-planner', () => <TripPlannerPage />],
];

const RAW_CODES = new Set<string>([...ESIM_ORDER_STATUSES, ...ESIM_STATUSES, ...BALANCE_CHECK_STATUSES]);
const ENGLISH_IN_TURKISH = /\b(Email|E-mail|Bytes|Completed|Pending|Inactive)\b/;

/** Texts a person sees: each element's own text, labels and accessible names. */
function visibleTexts(): string[] {
  const texts: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
    if (own) texts.push(own);
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

describe.each(['tr', 'en'] as const)('visible texts in %s', (lng: Language) => {
  it.each(PAGES)('%s (%s): no missing key, no raw status code', async (_name, path, route, element) => {
    vi.stubGlobal('fetch', answering());
    // Signed in for the order page only: a signed-in visitor of the sign-in forms is sent on.
    if (path.startsWith('/order'))
      browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
    const missing: string[] = [];
    renderPage(element(), {
      path,
      route,
      lng,
      i18nOptions: { saveMissing: true, missingKeyHandler: (_lngs, ns, key) => void missing.push(`${ns}:${key}`) },
    });
    if (path.startsWith('/order')) expect(await screen.findByTestId('order-status')).toBeInTheDocument();
    const texts = visibleTexts();
    expect(texts.length).toBeGreaterThan(3);
    expect(missing).toEqual([]);
    expect(texts.filter((text) => RAW_CODES.has(text))).toEqual([]);
    // A missing key shows as the key itself ('order.statuses.completed').
    expect(texts.filter((text) => /^[a-z]+(\.[a-zA-Z_]+)+$/.test(text))).toEqual([]);
    if (lng === 'tr') expect(texts.filter((text) => ENGLISH_IN_TURKISH.test(text))).toEqual([]);
  });
});

describe('the order page says statuses in words', () => {
  it.each([
    ['tr', 'Tamamlandı', 'Kuruluma hazır', 'eSIM’inizi kurun'],
    ['en', 'Completed', 'Ready to install', 'Install your eSIM'],
  ] as const)('%s', async (lng, order, esim, steps) => {
    vi.stubGlobal('fetch', answering());
    browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
    renderPage(<OrderPage />, { path: '/order/o1', route: '/order/:id', lng });
    expect(await screen.findByTestId('order-status')).toHaveTextContent(order);
    expect(screen.getByTestId('esim-status')).toHaveTextContent(esim);
    expect(screen.getByRole('heading', { name: steps })).toBeInTheDocument();
  });
});

describe('the order page offers the iPhone one-tap install only where it works', () => {
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  afterEach(() => vi.restoreAllMocks());
  it.each([
    ['an Android phone: no iPhone button, the codes to copy', ANDROID, false],
    ['an iPhone: the one-tap button', IPHONE, true],
  ] as const)('%s', async (_name, userAgent, oneTap) => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    vi.stubGlobal('fetch', answering());
    browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
    renderPage(<OrderPage />, { path: '/order/o1', route: '/order/:id', lng: 'tr' });
    await screen.findByTestId('order-status');
    const profile = screen.getByTestId('esim-profile');
    expect(within(profile).queryAllByRole('link', { name: /iPhone/ }).length > 0).toBe(oneTap);
    expect(within(profile).getByText('ABC')).toBeInTheDocument();
  });
});
