import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EsimTopUpOffer } from '@esim/contracts';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import { renderPage } from '../../test/render';
import { TopUpPanel } from './TopUpPanel';

afterEach(() => vi.unstubAllGlobals());

const GB = 1024 ** 3;
const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, code: 'ok', message: 'ok', data }), { status });
const initial = {
  order_id: 'o1',
  order_number: 'ABCD1234EFGH',
  kind: 'initial',
  package_name: 'Başlangıç',
  data_mb: 3072,
  validity_days: 7,
  price: 14.99,
  price_cents: 1499,
  added_at: '2026-11-20T10:00:00.000Z',
} as const;
const topUp = {
  ...initial,
  order_id: 'o2',
  order_number: 'TOPUP0000001',
  kind: 'top_up',
  package_name: 'Standart',
  data_mb: 5120,
  validity_days: 15,
  price: 24.99,
  price_cents: 2499,
  added_at: '2026-11-26T10:00:00.000Z',
} as const;
const seller = {
  name: 'Örnek Gezi İletişim A.Ş.',
  address: 'Büyükdere Cad. No:1, Şişli / İstanbul',
  tax_office: 'Şişli',
  tax_number: '1234567890',
  mersis: '0123456789000015',
  phone: '+90 212 000 00 00',
  email: 'destek@ornek.test',
};
const usage = (total: number, used: number) => ({
  total_bytes: total,
  used_bytes: used,
  remaining_bytes: total - used,
  percentage: Math.round((used / total) * 100),
  unlimited: false,
});
const packages = [
  {
    id: 'p7',
    code: 'US-7D-3GB',
    name: 'Başlangıç',
    duration: 7,
    data_mb: 3072,
    unlimited: false,
    price: 14.99,
    price_cents: 1499,
    currency: 'EUR',
    recommended: false,
  },
  {
    id: 'p15',
    code: 'US-15D-5GB',
    name: 'Standart',
    duration: 15,
    data_mb: 5120,
    unlimited: false,
    price: 24.99,
    price_cents: 2499,
    currency: 'EUR',
    recommended: true,
  },
] as const;

function offer(overrides: Partial<EsimTopUpOffer> = {}): EsimTopUpOffer {
  return {
    esim: {
      iccid: '8990100000000000003',
      status: 'active',
      usage: usage(3 * GB, GB),
      usage_updated_at: null,
      expires_at: '2026-12-03T10:00:00.000Z',
    } as EsimTopUpOffer['esim'],
    order_number: 'ABCD1234EFGH',
    bundles: [initial],
    available: true,
    refusal_code: null,
    refusal: null,
    packages: [...packages],
    ...overrides,
  };
}

/** The esim and balance services as the panel sees them: the offer before and after a top-up, the balance, the POSTs recorded. */
function services(available: number, creditAvailable = 0) {
  let toppedUp = false;
  const posts: Array<{ body: unknown; key: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/public/seller') return envelope(seller);
      if (url === '/api/user/balance')
        return envelope({
          available,
          available_cents: available * 100,
          balance: available,
          balance_cents: available * 100,
          held_cents: 0,
          currency: 'EUR',
          ...(creditAvailable ? { credit_available_cents: creditAvailable * 100 } : {}),
        });
      if (url.endsWith('/top-ups') && init.method === 'POST') {
        posts.push({
          body: JSON.parse(String(init.body)),
          key: (init.headers as Record<string, string>)['Idempotency-Key']!,
        });
        toppedUp = true;
        return envelope({ id: 'o2', status: 'completed' }, 201);
      }
      if (url.endsWith('/top-ups'))
        return envelope(
          toppedUp
            ? offer({ esim: { ...offer().esim, usage: usage(8 * GB, GB) }, bundles: [initial, topUp] })
            : offer(),
        );
      return envelope(null, 404);
    }),
  );
  return posts;
}

function Panel({ initialOpen = false }: { initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  return <TopUpPanel iccid="8990100000000000003" open={open} initialPackageId="p15" onOpenChange={setOpen} />;
}

describe('top-up of an installed eSIM', () => {
  it('shows the data, the bundles and the button; the dialog tops up once with one key, the version of the documents accepted, and the total grows', async () => {
    const posts = services(85.01);
    renderPage(<Panel initialOpen />);
    expect(await screen.findByText('1 GB / 3 GB kullanıldı')).toBeInTheDocument();
    // Behind the open dialog (hidden from assistive technology while it is open).
    expect(screen.getByRole('button', { name: 'Paket yükle', hidden: true })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'eSIM’e paket yükle' });
    expect(within(dialog).getByRole('radio', { name: /Standart/ })).toBeChecked();
    expect(await within(dialog).findByText(/60,02\s€/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Yüklemeyi onayla' });
    const accept = within(dialog).getByRole('checkbox', { name: /okudum, kabul ediyorum/ });
    // The pre-information form and the contract of this top-up are accepted first; they name the
    // package's facts and the eSIM it is added to, as the server fills them in.
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mesafeli Satış Sözleşmesi' }));
    const contract = await screen.findByRole('dialog', { name: 'Mesafeli Satış Sözleşmesi' });
    expect(contract).toHaveTextContent(
      /Standart seyahat eSIM veri paketi \(US-15D-5GB; 5 GB · 15 gün; ICCID 8990100000000000003 olan mevcut eSIM’e eklenir, yeni eSIM ya da QR kodu verilmez\)/,
    );
    expect(contract).toHaveTextContent('yeni QR kod gerekmez');
    expect(contract).not.toHaveTextContent('QR kod olarak');
    fireEvent.click(within(contract).getByRole('button', { name: 'Kapat' }));
    fireEvent.click(accept);
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await screen.findByText('1 GB / 8 GB kullanıldı');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ package_id: 'p15', agreement: { version: DISTANCE_SALE_VERSION } });
    expect(posts[0]!.key.length).toBeGreaterThanOrEqual(8);
    expect(screen.getAllByTestId('esim-bundle').map((row) => row.textContent)).toEqual([
      expect.stringContaining('İlk paket'),
      expect.stringContaining('+5 GB · 15 gün'),
    ]);
  });

  it('a balance that does not cover the package says so and offers to add balance; nothing is sent', async () => {
    const posts = services(10);
    renderPage(<Panel initialOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'eSIM’e paket yükle' });
    expect(await within(dialog).findByText('Bakiyeniz bu paket için yetersiz.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Bakiye yükle' })).toHaveAttribute('href', '/dashboard/balance');
    expect(within(dialog).getByRole('button', { name: 'Yüklemeyi onayla' })).toBeDisabled();
    expect(posts).toEqual([]);
  });

  it('a dealer whose balance is short tops up on its credit limit: the dialog shows the credit used, and the contract names it apart', async () => {
    const posts = services(10, 100);
    renderPage(<Panel initialOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'eSIM’e paket yükle' });
    expect(await within(dialog).findByText('Kalan krediniz')).toBeInTheDocument();
    expect(within(dialog).getByText('Kredinizden kullanılacak (borcunuza eklenir)').parentElement).toHaveTextContent(
      /14,99\s€/,
    );
    expect(within(dialog).queryByText('Bakiyeniz bu paket için yetersiz.')).toBeNull();
    const accept = within(dialog).getByRole('checkbox', { name: /okudum, kabul ediyorum/ });
    const confirm = within(dialog).getByRole('button', { name: 'Yüklemeyi onayla' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ön Bilgilendirme Formu' }));
    expect(await screen.findByRole('dialog', { name: 'Ön Bilgilendirme Formu' })).toHaveTextContent(
      /Ödeme: 10,00\s€ ön ödemeli bakiyeden, 14,99\s€ kredi limitinden/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    fireEvent.click(accept);
    fireEvent.click(confirm);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ package_id: 'p15', agreement: { version: DISTANCE_SALE_VERSION } });
  });

  it('an expired eSIM offers no top-up and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(
          offer({
            esim: { ...offer().esim, status: 'expired' },
            available: false,
            refusal_code: 'esim_top_up_expired',
            refusal: 'Süresi dolmuş bir eSIM’e paket yüklenemez; yeni bir eSIM satın alın',
            packages: [],
          }),
        ),
      ),
    );
    renderPage(<Panel />);
    expect(
      await screen.findByText('Süresi dolmuş bir eSIM’e paket yüklenemez; yeni bir eSIM satın alın'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Paket yükle' })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('esim-bundle')).toHaveLength(1));
  });

  it('an eSIM not installed yet says why it takes no top-up, rather than hiding it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(
          offer({
            esim: { ...offer().esim, status: 'inactive', usage: usage(3 * GB, 0), activated_at: null },
            available: false,
            refusal_code: 'esim_top_up_not_installed',
            refusal: 'Bu eSIM henüz kullanılmadı: ilk paketiniz kullanılmaya başlayınca paket yükleyebilirsiniz',
            packages: [],
          }),
        ),
      ),
    );
    renderPage(<Panel />);
    expect(await screen.findByTestId('top-up-refusal')).toHaveTextContent(
      'Bu eSIM henüz kullanılmadı: ilk paketiniz kullanılmaya başlayınca paket yükleyebilirsiniz',
    );
    expect(screen.queryByRole('button', { name: 'Paket yükle' })).toBeNull();
  });

  it('nothing of its countries on sale: the reason, no button that opens an empty list', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelope(
          offer({
            available: false,
            refusal_code: 'esim_top_up_none_on_sale',
            refusal: 'No top-up for the countries your eSIM covers is on sale right now',
            packages: [],
          }),
        ),
      ),
    );
    renderPage(<Panel />, { lng: 'en' });
    expect(await screen.findByTestId('top-up-refusal')).toHaveTextContent(
      'No top-up for the countries your eSIM covers is on sale right now',
    );
    expect(screen.queryByRole('button', { name: 'Top up' })).toBeNull();
  });

  it('a list that could not be loaded says so and asks again on "Tekrar dene"', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls === 1
          ? new Response(JSON.stringify({ success: false, code: 'internal_error', message: 'x' }), { status: 503 })
          : envelope(offer());
      }),
    );
    renderPage(<Panel />);
    expect(await screen.findByText('Bu eSIM’in yükleme seçenekleri şu an alınamadı.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('button', { name: 'Paket yükle' })).toBeInTheDocument();
  });
});

describe('how fresh the figures are', () => {
  const showing = (usageUpdatedAt: string | null, refusal: string | null = null) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/top-ups')
          ? envelope(
              offer({
                esim: { ...offer().esim, usage_updated_at: usageUpdatedAt },
                ...(refusal
                  ? { available: false, refusal_code: 'esim_top_up_supplier_none', refusal, packages: [] }
                  : {}),
              }),
            )
          : envelope(null, 404),
      ),
    );

  it('says when the usage was last measured, in Istanbul time, beside the ring', async () => {
    showing('2026-12-06T10:05:00.000Z');
    renderPage(<Panel />);
    expect(await screen.findByTestId('usage-updated-at')).toHaveTextContent('Son güncelleme: 6 Aralık 13:05');
  });

  it('in English; and an eSIM whose supplier offers no top-up says so instead of the button', async () => {
    showing('2026-12-06T10:05:00.000Z', 'Its supplier offers no top-up for this eSIM');
    renderPage(<Panel />, { lng: 'en' });
    expect(await screen.findByTestId('usage-updated-at')).toHaveTextContent('Last updated: 6 December');
    expect(screen.getByText('Its supplier offers no top-up for this eSIM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Top up' })).toBeNull();
  });

  it('figures never measured: no date is made up', async () => {
    showing(null);
    renderPage(<Panel />);
    await screen.findByText('1 GB / 3 GB kullanıldı');
    expect(screen.queryByTestId('usage-updated-at')).toBeNull();
  });
});
