import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@esim/contracts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { auditSentence } from '../admin/audit-log/auditSentence';
import { turkishMessages } from '../i18n';
import { englishMessages } from '../i18n/en';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef';
const ROTATED = 'whsec_fedcba9876543210fedcba9876543210fedcba9876543210';
const DEALER_ID = SESSIONS.dealer.user.id as string;
const URL_BAD_TEXT = 'Adres http:// ya da https:// ile başlayan, kullanıcı adı ve parola içermeyen tam bir URL olmalı';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '11111111-1111-4111-8111-111111111111',
  dealer_id: DEALER_ID,
  url: 'https://magaza.example.com/esim-hooks',
  description: 'Mağaza sunucusu',
  events: ['order.completed', 'esim.usage'],
  active: true,
  secret_prefix: 'whsec_0123',
  previous_secret_expires_at: null,
  created_by: null,
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-01T09:00:00.000Z',
  last_delivery: null,
  ...overrides,
});

const at = (second: number) => `2026-12-05T12:30:${String(second).padStart(2, '0')}.000Z`;
const DELIVERY: WebhookDelivery = {
  id: '44444444-4444-4444-8444-444444444444',
  endpoint_id: endpoint().id,
  event_id: 'evt-0001',
  event_type: 'order.completed',
  status: 'delivered',
  attempts: 4,
  next_attempt_at: null,
  retry_until: '2026-12-06T12:30:00.000Z',
  last_status_code: 200,
  last_error: null,
  created_at: at(0),
  delivered_at: at(9),
  payload: {},
  tries: [
    { at: at(0), status_code: 500, duration_ms: 12, error: 'HTTP 500' },
    { at: at(1), status_code: 500, duration_ms: 8, error: 'HTTP 500' },
    { at: at(3), status_code: null, duration_ms: 10000, error: 'timeout' },
    { at: at(9), status_code: 200, duration_ms: 7, error: null },
  ],
};

type Sent = { method: string; path: string; body: unknown; idempotencyKey?: string };

/** The back office over a fake of one dealer's webhooks at `owner` (`user` or `admin/dealers/:id`). */
function webhooksProvider(owner: string) {
  // The list carries each endpoint's newest delivery.
  let endpoints: WebhookEndpoint[] = [endpoint({ last_delivery: { status: 'delivered', at: at(59) } })];
  const sent: Sent[] = [];
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path, query) => {
      if (path === `${owner}/webhooks`) return endpoints as never;
      if (path === `${owner}/transactions`) return [] as never;
      if (path.startsWith(`${owner}/webhooks/`) && path.endsWith('/deliveries'))
        return (path.includes(endpoint().id) ? [DELIVERY] : []) as never;
      return base.read(path, query);
    },
    send: async (method, path, body, options) => {
      sent.push({ method, path, body, idempotencyKey: options?.idempotencyKey });
      if (method === 'POST' && path === `${owner}/webhooks`) {
        const { url, events, description } = body as { url: string; events: string[]; description?: string };
        if (!url.startsWith('https://'))
          throw new HttpError(URL_BAD_TEXT, 400, { message: URL_BAD_TEXT, errors: { url: URL_BAD_TEXT } });
        const created = endpoint({
          id: '33333333-3333-4333-8333-333333333333',
          url,
          events: events as WebhookEndpoint['events'],
          description: description ?? null,
        });
        endpoints = [...endpoints, created];
        return { data: { ...created, secret: SECRET } as never, message: '' };
      }
      if (path.endsWith('/rotate-secret'))
        return {
          data: { ...endpoint(), previous_secret_expires_at: '2026-12-07T09:00:00.000Z', secret: ROTATED } as never,
          message: '',
        };
      if (method === 'PATCH')
        endpoints = endpoints.map((e) => (path.endsWith(e.id) ? { ...e, ...(body as Partial<WebhookEndpoint>) } : e));
      if (method === 'DELETE') endpoints = endpoints.filter((e) => !path.endsWith(e.id));
      return { data: {} as never, message: '' };
    },
  });
  return { dataProvider, sent };
}

describe("the dealer's webhooks page", () => {
  it('lists endpoints; adds one (a bad URL named on its field, then the secret once); edits, pauses, rotates and deletes', async () => {
    const { dataProvider, sent } = webhooksProvider('user');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp({ session: SESSIONS.dealer, path: '/webhooks', dataProvider });

    expect(await screen.findByRole('heading', { name: "Webhook'lar" }, { timeout: 30_000 })).toBeVisible();
    const table = await screen.findByRole('table', { name: "Webhook'lar" });
    const row = within(table).getByText('https://magaza.example.com/esim-hooks').closest('tr')!;
    expect(row).toHaveTextContent('Mağaza sunucusu');
    expect(row).toHaveTextContent('Sipariş tamamlandı');
    expect(row).toHaveTextContent('Veri kullanımı (%50, %80 ve %100)');
    expect(row).toHaveTextContent('Etkin');
    expect(await within(row).findByText('Teslim edildi')).toBeVisible();

    // Add: a URL the service refuses is named on the URL field; the right one shows the secret once.
    fireEvent.click(screen.getByRole('button', { name: 'Yeni webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'Adres (URL)' });
    fireEvent.change(url, { target: { value: 'ftp://magaza.example.com' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /eSIM kuruldu/ }));
    expect(
      within(dialog).getByRole('checkbox', { name: "Kredi kullanımı (limitin %50'si, %70'i ve %90'ı) credit.used" }),
    ).not.toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ekle' }));
    expect(await within(dialog).findByText(URL_BAD_TEXT)).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(url, { target: { value: 'https://uygulama.example.com/hooks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ekle' }));
    const created = await screen.findByRole('dialog', { name: 'Webhook eklendi' });
    expect(within(created).getByText(/bir daha gösterilmeyecek/)).toBeVisible();
    expect(within(created).getByDisplayValue(SECRET)).toBeVisible();
    expect(sent[1]).toMatchObject({
      method: 'POST',
      path: 'user/webhooks',
      body: { url: 'https://uygulama.example.com/hooks', events: ['order.completed', 'esim.installed'] },
    });
    // The same key on the retry after the refusal: one endpoint per opened dialog.
    expect(sent[1]!.idempotencyKey).toBeTruthy();
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    fireEvent.click(within(created).getByRole('button', { name: 'Kopyala' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(within(created).getByRole('button', { name: 'Kopyaladım, kapat' }));
    expect(await within(table).findByText('https://uygulama.example.com/hooks')).toBeVisible();
    expect(document.body.textContent).not.toContain(SECRET);

    // Edit: the description and pausing.
    const first = () => within(table).getByText('https://magaza.example.com/esim-hooks').closest('tr')!;
    fireEvent.click(within(first()).getByRole('button', { name: 'Düzenle' }));
    const edit = await screen.findByRole('dialog', { name: "Webhook'u düzenle" });
    fireEvent.change(within(edit).getByRole('textbox', { name: 'Açıklama' }), { target: { value: 'Ana sunucu' } });
    fireEvent.click(within(edit).getByRole('switch', { name: /Olayları gönder/ }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(first()).toHaveTextContent('Duraklatıldı'));
    expect(sent.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `user/webhooks/${endpoint().id}`,
      body: { description: 'Ana sunucu', active: false, events: ['order.completed', 'esim.usage'] },
    });
    fireEvent.click(within(first()).getByRole('button', { name: 'Devam ettir' }));
    await waitFor(() => expect(first()).toHaveTextContent('Etkin'));
    expect(sent.at(-1)).toMatchObject({ method: 'PATCH', body: { active: true } });

    // A new secret: a confirmation, then the new secret once and until when the old one still signs.
    fireEvent.click(within(first()).getByRole('button', { name: 'Anahtarı yenile' }));
    const rotate = await screen.findByRole('dialog', { name: 'Yeni imza anahtarı oluşturulsun mu?' });
    expect(rotate).toHaveTextContent('24 saat');
    fireEvent.click(within(rotate).getByRole('button', { name: 'Yeni anahtar oluştur' }));
    const rotated = await screen.findByRole('dialog', { name: 'Yeni imza anahtarı' });
    expect(within(rotated).getByDisplayValue(ROTATED)).toBeVisible();
    expect(rotated).toHaveTextContent(/Eski anahtar .*2026.* tarihine kadar ikinci imzayı/);
    fireEvent.click(within(rotated).getByRole('button', { name: 'Kopyaladım, kapat' }));
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `user/webhooks/${endpoint().id}/rotate-secret` });

    // Delete after a confirmation naming the address.
    fireEvent.click(within(first()).getByRole('button', { name: 'Sil' }));
    const confirm = await screen.findByRole('dialog', { name: 'Webhook silinsin mi?' });
    expect(confirm).toHaveTextContent('https://magaza.example.com/esim-hooks adresine artık olay gönderilmeyecek');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(within(table).queryByText('https://magaza.example.com/esim-hooks')).toBeNull());
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `user/webhooks/${endpoint().id}` });
  });

  it('sends a test event, and shows the delivery log with each try and "send again"', async () => {
    const { dataProvider, sent } = webhooksProvider('user');
    renderApp({ session: SESSIONS.dealer, path: '/webhooks', dataProvider });
    const table = await screen.findByRole('table', { name: "Webhook'lar" }, { timeout: 30_000 });
    const row = within(table).getByText('https://magaza.example.com/esim-hooks').closest('tr')!;

    fireEvent.click(within(row).getByRole('button', { name: 'Test olayı gönder' }));
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `user/webhooks/${endpoint().id}/test` }),
    );
    expect(await screen.findByText('Test olayı gönderiliyor; gönderim kaydında görünecek')).toBeVisible();

    fireEvent.click(within(row).getByRole('button', { name: 'Gönderim kaydı' }));
    const log = await screen.findByRole('dialog', { name: 'Gönderim kaydı' });
    const deliveries = await within(log).findByRole('table', { name: 'Gönderim kaydı' });
    const delivery = within(deliveries).getByText('evt-0001').closest('tr')!;
    expect(delivery).toHaveTextContent('Sipariş tamamlandı');
    expect(delivery).toHaveTextContent('Teslim edildi');
    expect(delivery).toHaveTextContent('4');
    expect(delivery).toHaveTextContent('200');

    fireEvent.click(within(delivery).getByRole('button', { name: 'Denemeleri göster' }));
    const tries = await within(log).findByRole('table', { name: 'Denemeler' });
    const rows = within(tries).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['500', '500', 'Yanıt yok', '200']);
    expect(rows[2]).toHaveTextContent('timeout');
    expect(rows[2]).toHaveTextContent('10000 ms');

    fireEvent.click(within(delivery).getByRole('button', { name: 'Tekrar gönder' }));
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `user/webhook-deliveries/${DELIVERY.id}/resend` }),
    );
    expect(await screen.findByText('Olay yeniden gönderiliyor')).toBeVisible();
  });
});

describe("the webhooks on the admin's dealer page", () => {
  it("reads and writes the dealer's webhooks under the admin's routes", async () => {
    const owner = `admin/dealers/${DEALER_ID}`;
    const { dataProvider, sent } = webhooksProvider(owner);
    const base = dataProvider.getOne;
    dataProvider.getOne = async (resource, params) =>
      resource === 'admin/dealers'
        ? { data: { id: DEALER_ID, company_name: 'Deniz Telekom', status: 'active' } as never }
        : base(resource, params);
    renderApp({ session: SESSIONS.admin, path: `/admin/dealers/${DEALER_ID}/show`, dataProvider });
    // A card in the page's narrow column, not a table that would scroll sideways.
    const list = await screen.findByRole('list', { name: "Webhook'lar" }, { timeout: 30_000 });
    const row = within(list).getByText('https://magaza.example.com/esim-hooks').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Test olayı gönder' }));
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `${owner}/webhooks/${endpoint().id}/test` }),
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Gönderim kaydı' }));
    const log = await screen.findByRole('dialog', { name: 'Gönderim kaydı' });
    fireEvent.click(await within(log).findByRole('button', { name: 'Tekrar gönder' }));
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ method: 'POST', path: `${owner}/webhook-deliveries/${DELIVERY.id}/resend` }),
    );
  });
});

describe('the audit log on webhooks', () => {
  it('names the endpoint by its address, in Turkish and English, for an admin and for the dealer itself', () => {
    const entry = (method: string, route: string) => ({
      method,
      route,
      status_code: 200,
      target_name: 'https://magaza.example.com/esim-hooks',
      detail: null,
    });
    const tr = polyglotI18nProvider(() => turkishMessages, 'tr').translate;
    const en = polyglotI18nProvider(() => englishMessages, 'en').translate;
    expect(auditSentence(entry('POST', '/admin/dealers/:id/webhooks/:webhookId/rotate-secret'), tr)).toBe(
      'https://magaza.example.com/esim-hooks webhook adresinin imza anahtarı yenilendi',
    );
    expect(auditSentence(entry('POST', '/user/webhook-deliveries/:id/resend'), en)).toBe(
      'Event sent again to webhook https://magaza.example.com/esim-hooks',
    );
  });
});
