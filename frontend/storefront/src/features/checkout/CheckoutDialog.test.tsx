import { fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import type { PublicPackage } from '../catalog/types';
import { pendingCardCheckout, savePendingCardCheckout } from './cardCheckout';
import { CheckoutDialog } from './CheckoutDialog';
import { balanceSpend, SpendRows } from './PurchaseSummary';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  browserSession.clear();
});

/** The buyer the documents name: the signed-in person of the session. */
const signIn = () =>
  browserSession.write({
    token: 'token',
    user: { email: 'can@example.com', full_name: 'Can Yılmaz', user_type: 1 },
  });

const usa: PublicPackage = {
  id: 'us-7',
  code: 'US-7D-3GB',
  name: 'ABD 7 Gün',
  name_tr: 'ABD 7 Gün',
  name_en: 'USA 7 Days',
  type: 'local',
  duration: 7,
  data: '3 GB',
  data_mb: 3072,
  unlimited: false,
  price: 20,
  currency: 'EUR',
  recommended: false,
  features: [],
  country_count: 1,
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [{ code: 'US', name: 'Amerika Birleşik Devletleri', operators: ['AT&T', 'T-Mobile'] }],
};
const envelope = (data: unknown, status = 200, error?: { code: string; message: string }) =>
  new Response(JSON.stringify({ success: status < 400, code: 'ok', message: 'ok', data, ...error }), { status });
const seller = {
  name: 'Örnek Gezi İletişim A.Ş.',
  address: 'Büyükdere Cad. No:1, Şişli / İstanbul',
  tax_office: 'Şişli',
  tax_number: '1234567890',
  mersis: '0123456789000015',
  phone: '+90 212 000 00 00',
  email: 'destek@ornek.test',
};
const balance = (euros: number, creditCents = 0) => ({
  balance: euros,
  balance_cents: euros * 100,
  available: euros,
  available_cents: euros * 100,
  held_cents: 0,
  credit_available_cents: creditCents,
  currency: 'EUR' as const,
});

/** The services as the dialog sees them; `payment` answers GET /user/payments/:id, calls are recorded. */
function services(options: {
  available: number;
  creditCents?: number;
  payment?: Record<string, unknown> | (() => Record<string, unknown>);
  startRefused?: { status: number; code: string; message: string };
  /** processing: the service answers 202, its supplier still preparing the eSIM. */
  orderStatus?: 'completed' | 'processing';
}) {
  const calls: Array<{
    url: string;
    method: string;
    body: { agreement?: Record<string, unknown> } & Record<string, unknown>;
    headers: Record<string, string>;
  }> = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    if (url.startsWith('/api/user/packages?')) return envelope([{ ...usa }]);
    if (url === '/api/user/balance') return envelope(balance(options.available, options.creditCents));
    if (url === '/api/public/seller') return envelope(seller);
    if (url.startsWith('/api/user/esim/orders')) return envelope([]);
    if (url === '/api/user/payments/card')
      return options.startRefused
        ? envelope(null, options.startRefused.status, options.startRefused)
        : envelope({ id: 'pay-1', status: 'pending', page_url: 'http://localhost:8080/api/payments/demo/tok' }, 201);
    if (url.startsWith('/api/user/payments/'))
      return envelope(typeof options.payment === 'function' ? options.payment() : options.payment);
    if (url === '/api/user/packages/buy')
      return options.orderStatus === 'processing'
        ? envelope({ id: 'order-9', status: 'processing' }, 202)
        : envelope({ id: 'order-9', status: 'completed' }, 201);
    return envelope(null, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

describe('pay the rest by card', () => {
  it('offers the missing amount by card, starts the payment with the documents’ version only and goes to the payment page, remembering the purchase without the text', async () => {
    signIn();
    const calls = services({ available: 5 });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/packages/usa', assign });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
    const pay = await screen.findByRole('button', { name: /^Kalan 15,00\s€ tutarını kartla öde$/ });
    // The law's two documents come first: paying waits until the buyer accepts them.
    expect(pay).toBeDisabled();
    const accept = screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ });
    fireEvent.click(screen.getByRole('button', { name: 'Mesafeli Satış Sözleşmesi' }));
    const contract = await screen.findByRole('dialog', { name: 'Mesafeli Satış Sözleşmesi' });
    expect(contract).toHaveTextContent('MESAFELİ SATIŞ SÖZLEŞMESİ');
    // Filled in from the package's facts and the session's person, as the server fills in its copy.
    expect(contract).toHaveTextContent('ABD 7 Gün seyahat eSIM veri paketi (US-7D-3GB; 3 GB · 7 gün)');
    expect(contract).toHaveTextContent('Alıcı: Can Yılmaz, e-posta can@example.com');
    expect(contract).toHaveTextContent(
      'Satıcı: Örnek Gezi İletişim A.Ş., Büyükdere Cad. No:1, Şişli / İstanbul; Şişli Vergi Dairesi, vergi no 1234567890; MERSİS no 0123456789000015',
    );
    expect(contract).toHaveTextContent(/vergiler dahil toplam fiyat: 20,00\s€/);
    expect(contract).toHaveTextContent(/5,00\s€ ön ödemeli bakiyeden, 15,00\s€ kartla/);
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    fireEvent.click(accept);
    expect(pay).toBeEnabled();
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:8080/api/payments/demo/tok'));
    const start = calls.find((call) => call.url === '/api/user/payments/card')!;
    expect(start.body).toEqual({
      amount: 15,
      return_path: '/packages/usa',
      agreement: { version: DISTANCE_SALE_VERSION },
    });
    expect(start.headers['Idempotency-Key']).toBeTruthy();
    expect(pendingCardCheckout('pay-1')).toMatchObject({
      packageId: 'us-7',
      quantity: 1,
      agreement: { version: DISTANCE_SALE_VERSION },
    });
    expect(sessionStorage.getItem('esim.cardCheckout')).not.toMatch(/SÖZLEŞME|FORMU|Can Yılmaz/);
    expect(calls.some((call) => call.url === '/api/user/packages/buy')).toBe(false);
  });

  it('back from a paid card payment, places the order with the key the confirmation was opened with, the version accepted and the payment', async () => {
    // Kept by an older release with the text beside the version: only the version goes out.
    sessionStorage.setItem(
      'esim.cardCheckout',
      JSON.stringify({
        paymentId: 'pay-1',
        packageId: 'us-7',
        quantity: 1,
        orderKey: 'order-key-123456',
        agreement: { version: DISTANCE_SALE_VERSION, text: 'ÖN BİLGİLENDİRME FORMU …' },
      }),
    );
    const agreement = { version: DISTANCE_SALE_VERSION };
    const calls = services({ available: 20, payment: { id: 'pay-1', status: 'paid', failure_message: null } });
    const { router } = renderPage(
      <CheckoutDialog
        pkg={usa}
        countryCode="US"
        countrySlug="usa"
        onClose={() => {}}
        resume={pendingCardCheckout('pay-1')!}
      />,
      {
        extraRoutes: [{ path: '/order/:id', element: <p>order page</p> }],
      },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    const buy = calls.find((call) => call.url === '/api/user/packages/buy')!;
    expect(buy.body).toEqual({ package_id: 'us-7', quantity: 1, agreement, card_payment_id: 'pay-1' });
    expect(buy.headers['Idempotency-Key']).toBe('order-key-123456');
    expect(pendingCardCheckout('pay-1')).toBeNull();
  });

  it('back from a declined card payment, shows the provider’s reason and buys nothing', async () => {
    savePendingCardCheckout({
      paymentId: 'pay-1',
      packageId: 'us-7',
      quantity: 1,
      orderKey: 'order-key-123456',
      agreement: null,
    });
    const reason = 'Kartınızın bakiyesi ya da limiti yetersiz. Başka bir kartla deneyin.';
    const calls = services({ available: 5, payment: { id: 'pay-1', status: 'failed', failure_message: reason } });
    renderPage(
      <CheckoutDialog
        pkg={usa}
        countryCode="US"
        countrySlug="usa"
        onClose={() => {}}
        resume={pendingCardCheckout('pay-1')!}
      />,
    );
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/user/packages/buy')).toBe(false);
    expect(pendingCardCheckout('pay-1')).toBeNull();
  });

  const resumeDialog = () =>
    renderPage(
      <CheckoutDialog
        pkg={usa}
        countryCode="US"
        countrySlug="usa"
        onClose={() => {}}
        resume={pendingCardCheckout('pay-1')!}
      />,
      { extraRoutes: [{ path: '/order/:id', element: <p>order page</p> }] },
    );
  const pending = () =>
    savePendingCardCheckout({
      paymentId: 'pay-1',
      packageId: 'us-7',
      quantity: 1,
      orderKey: 'order-key-123456',
      agreement: { version: DISTANCE_SALE_VERSION },
    });

  it('back from a payment in the fraud check, says it was charged and is being checked, keeps asking, and buys once it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    pending();
    let status = 'review';
    const calls = services({
      available: 20,
      payment: () => ({ id: 'pay-1', status, failure_code: null, failure_message: null }),
    });
    const { router } = resumeDialog();
    const step = await screen.findByTestId('card-step');
    await waitFor(() => expect(step).toHaveTextContent(/güvenlik kontrolünde/));
    expect(step).toHaveTextContent('Kartınızdan çekilen ödeme');
    expect(document.body).not.toHaveTextContent(/çekilmedi|nothing was charged/);
    expect(calls.some((call) => call.url === '/api/user/packages/buy')).toBe(false);
    // Still remembered while the check runs.
    expect(pendingCardCheckout('pay-1')).not.toBeNull();
    status = 'paid';
    // The next look comes a few seconds later.
    await vi.advanceTimersByTimeAsync(6000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    expect(calls.filter((call) => call.url === '/api/user/packages/buy')).toHaveLength(1);
    vi.useRealTimers();
  });

  it('back from an expired payment the provider may still charge, says where the money would go, never that nothing was charged', async () => {
    pending();
    const text = 'Ödeme zamanında tamamlanmadı. Kartınızdan çekim yapıldıysa tutar bakiyenize otomatik eklenir.';
    services({
      available: 5,
      payment: {
        id: 'pay-1',
        status: 'expired',
        failure_code: 'payment_expired_unconfirmed',
        failure_message: text,
      },
    });
    resumeDialog();
    const failure = await screen.findByTestId('checkout-failure');
    expect(failure).toHaveTextContent(text);
    expect(failure).toHaveClass('MuiAlert-standardWarning');
  });

  it('back from a payment expired with nothing charged, says so as the service words it', async () => {
    pending();
    const text = 'Ödeme zamanında tamamlanmadığı için süresi doldu; kartınızdan para çekilmedi.';
    services({
      available: 5,
      payment: { id: 'pay-1', status: 'expired', failure_code: 'payment_expired', failure_message: text },
    });
    resumeDialog();
    const failure = await screen.findByTestId('checkout-failure');
    expect(failure).toHaveTextContent(text);
    expect(failure).toHaveClass('MuiAlert-standardError');
    expect(pendingCardCheckout('pay-1')).toBeNull();
  });

  it.each([
    [
      429,
      'card_payments_too_many_open',
      'Tamamlanmamış 3 kart ödemeniz var. Birini tamamlayın ya da birkaç dakika sonra yeniden deneyin.',
      'Warning',
    ],
    [422, 'card_deposit_too_large', 'Tek seferde kartla en fazla 500,00 € ödenebilir', 'Error'],
    [422, 'card_deposit_daily_limit', 'Bugün kartla ödeyebileceğiniz üst sınır olan 1.000,00 € aşılıyor', 'Error'],
  ])(
    'a card payment the service refuses (%i %s) is said in its words beside the button, and nothing is bought',
    async (status, code, message, severity) => {
      signIn();
      const calls = services({ available: 5, startRefused: { status, code, message } });
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, pathname: '/packages/usa', assign });
      renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
      const pay = await screen.findByRole('button', { name: /kartla öde$/ });
      fireEvent.click(screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ }));
      fireEvent.click(pay);
      const failure = await screen.findByTestId('checkout-failure');
      expect(failure).toHaveTextContent(message);
      expect(failure).toHaveClass(`MuiAlert-standard${severity}`);
      expect(assign).not.toHaveBeenCalled();
      expect(pendingCardCheckout('pay-1')).toBeNull();
      expect(calls.some((call) => call.url === '/api/user/packages/buy')).toBe(false);
      // The button is there again, to try later or with less.
      expect(screen.getByRole('button', { name: /kartla öde$/ })).toBeEnabled();
    },
  );
});

describe('a purchase the balance covers', () => {
  it('shows the documents filled in for a balance payment, waits for their acceptance and sends them with the order', async () => {
    const calls = services({ available: 50 });
    const { router } = renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />, {
      extraRoutes: [{ path: '/order/:id', element: <p>order page</p> }],
    });
    const preInformation = await screen.findByRole('button', { name: 'Ön Bilgilendirme Formu' });
    const confirm = screen.getByRole('button', { name: 'Satın Al' });
    const accept = screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ });
    expect(confirm).toBeDisabled();
    fireEvent.click(preInformation);
    const form = await screen.findByRole('dialog', { name: 'Ön Bilgilendirme Formu' });
    expect(form).toHaveTextContent(/Ödeme: 20,00\s€ ön ödemeli bakiyeden; teslimat ücreti yoktur/);
    expect(form).not.toHaveTextContent('kartla');
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    fireEvent.click(accept);
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    const buy = calls.find((call) => call.url === '/api/user/packages/buy')!;
    expect(buy.body).toEqual({ package_id: 'us-7', quantity: 1, agreement: { version: DISTANCE_SALE_VERSION } });
  });
});

describe('a purchase its supplier is still preparing (202)', () => {
  it('says the order was received and the eSIM is being prepared, never that the purchase completed, and opens the order page', async () => {
    // Toasts of earlier tests live in react-hot-toast's one store.
    toast.remove();
    services({ available: 50, orderStatus: 'processing' });
    const { router } = renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />, {
      extraRoutes: [{ path: '/order/:id', element: <p>order page</p> }],
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /okudum, kabul ediyorum/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Satın Al' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/order-9'));
    expect(await screen.findByText('Siparişiniz alındı; eSIM’iniz hazırlanıyor')).toBeInTheDocument();
    expect(screen.queryByText('Satın alma tamamlandı')).toBeNull();
  });
});

describe("a dealer's purchase beyond its balance, within its credit limit", () => {
  it('buys from balance and credit: no card offered, the part taken from the credit named', async () => {
    const calls = services({ available: 5, creditCents: 20_00 });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />, {
      extraRoutes: [{ path: '/order/:id', element: <p>order page</p> }],
    });
    // The confirm button is there while prices load: the rows say when they have.
    expect((await screen.findByText('Kalan krediniz')).nextElementSibling).toHaveTextContent(/20,00\s€/);
    const confirm = screen.getByRole('button', { name: 'Satın Al' });
    expect(screen.queryByRole('button', { name: /kartla öde/ })).toBeNull();
    expect(screen.getByText('Kredinizden kullanılacak (borcunuza eklenir)').nextElementSibling).toHaveTextContent(
      /15,00\s€/,
    );
    expect(screen.getByText('İşlem sonrası bakiye').nextElementSibling).toHaveTextContent(/0,00\s€/);
    fireEvent.click(screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ }));
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/user/packages/buy')).toHaveLength(1));
  });

  it('beyond balance and credit left: only the rest is offered by card', async () => {
    services({ available: 5, creditCents: 10_00 });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
    expect(await screen.findByRole('button', { name: /^Kalan 5,00\s€ tutarını kartla öde$/ })).toBeInTheDocument();
  });
});

/** The dialog's sticky footer (MUI's DialogActions): what stays in view below the scrolling figures. */
const footer = () => document.querySelector<HTMLElement>('.MuiDialogActions-root')!;

describe('a balance too short: the footer holds the consent and the card payment that will work', () => {
  it('with 0 €: the footer offers the whole amount by card beside the consent, says how it is paid, and no figure is negative', async () => {
    signIn();
    const calls = services({ available: 0 });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/packages/usa', assign });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
    const pay = await screen.findByRole('button', { name: /^20,00\s€ tutarını kartla öde$/ });
    expect(footer()).toContainElement(pay);
    expect(footer()).toContainElement(screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ }));
    // No greyed "Satın Al" beside it: the card is the one way on.
    expect(screen.queryByRole('button', { name: 'Satın Al' })).toBeNull();
    expect(screen.getByTestId('checkout-split')).toHaveTextContent(/^Kart: 20,00\s€ · Bakiye: 0,00\s€$/);
    expect(screen.getByText('Kartla ödenecek').nextElementSibling).toHaveTextContent(/^20,00\s€$/);
    expect(screen.getByText('İşlem sonrası bakiye').nextElementSibling).toHaveTextContent(/^0,00\s€$/);
    expect(screen.getByRole('dialog')).not.toHaveTextContent(/-\s?\d+,\d\d\s€/);
    expect(pay).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ }));
    fireEvent.click(pay);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:8080/api/payments/demo/tok'));
    expect(calls.find((call) => call.url === '/api/user/payments/card')!.body).toMatchObject({ amount: 20 });
  });

  it('with 5 €: the rest by card, the split naming both', async () => {
    services({ available: 5 });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
    expect(footer()).toContainElement(
      await screen.findByRole('button', { name: /^Kalan 15,00\s€ tutarını kartla öde$/ }),
    );
    expect(screen.getByTestId('checkout-split')).toHaveTextContent(/^Kart: 15,00\s€ · Bakiye: 5,00\s€$/);
  });

  it('in English: "Pay 20,00 € by card" and "Card: … · Balance: …"', async () => {
    services({ available: 0 });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />, { lng: 'en' });
    expect(footer()).toContainElement(await screen.findByRole('button', { name: /^Pay 20,00\s€ by card$/ }));
    expect(screen.getByTestId('checkout-split')).toHaveTextContent(/^Card: 20,00\s€ · Balance: 0,00\s€$/);
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });

  it('a balance that covers it: "Satın Al" in the footer, the split naming the balance only', async () => {
    services({ available: 50 });
    renderPage(<CheckoutDialog pkg={usa} countryCode="US" countrySlug="usa" onClose={() => {}} />);
    expect(footer()).toContainElement(await screen.findByRole('button', { name: 'Satın Al' }));
    expect(screen.getByTestId('checkout-split')).toHaveTextContent(/^Bakiye: 20,00\s€$/);
    expect(screen.queryByRole('button', { name: /kartla öde/ })).toBeNull();
  });

  it('back from a declined card: the reason heads the dialog, the tick is kept and the card button works again', async () => {
    signIn();
    savePendingCardCheckout({
      paymentId: 'pay-1',
      packageId: 'us-7',
      quantity: 1,
      orderKey: 'order-key-123456',
      agreement: { version: DISTANCE_SALE_VERSION },
    });
    const reason = 'Kartınızın bakiyesi ya da limiti yetersiz. Başka bir kartla deneyin.';
    services({ available: 0, payment: { id: 'pay-1', status: 'failed', failure_message: reason } });
    renderPage(
      <CheckoutDialog
        pkg={usa}
        countryCode="US"
        countrySlug="usa"
        onClose={() => {}}
        resume={pendingCardCheckout('pay-1')!}
      />,
    );
    const failure = await screen.findByTestId('checkout-failure');
    expect(failure).toHaveTextContent(reason);
    // First in the dialog's content, above the package and its figures.
    const content = document.querySelector('.MuiDialogContent-root')!;
    expect(content.firstElementChild).toContainElement(failure);
    await screen.findByText('ABD 7 Gün');
    expect(
      failure.compareDocumentPosition(screen.getByText('ABD 7 Gün')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /okudum, kabul ediyorum/ })).toBeChecked();
    expect(await screen.findByRole('button', { name: /^20,00\s€ tutarını kartla öde$/ })).toBeEnabled();
  });
});

describe('the figures of a purchase the balance does not cover and no card pays (a top-up)', () => {
  it('name no balance after it rather than a negative one', () => {
    renderPage(
      <SpendRows
        spend={balanceSpend(balance(5), 20, 1)}
        labels={{ total: 'Fiyat', balance: 'Mevcut bakiye', after: 'Yükleme sonrası bakiye' }}
      />,
    );
    expect(screen.getByText('Fiyat').nextElementSibling).toHaveTextContent(/20,00\s€/);
    expect(screen.queryByText('Yükleme sonrası bakiye')).toBeNull();
    expect(document.body).not.toHaveTextContent(/-\s?\d/);
  });
});
