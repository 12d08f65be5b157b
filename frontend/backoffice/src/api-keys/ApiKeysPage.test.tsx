import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@esim/contracts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { auditSentence } from '../admin/audit-log/auditSentence';
import { turkishMessages } from '../i18n';
import { englishMessages } from '../i18n/en';

const SECRET = 'esk_live_abcdefghijklmnopqrstuvwxyz234567abcdefg';

const key = (overrides: Partial<ApiKey>): ApiKey => ({
  id: '11111111-1111-4111-8111-111111111111',
  dealer_id: SESSIONS.dealer.user.id as string,
  name: 'Web mağazası',
  prefix: 'qwertyui',
  scopes: ['read', 'order'],
  created_by: null,
  created_at: '2026-12-01T09:00:00.000Z',
  last_used_at: '2026-12-05T12:30:00.000Z',
  last_used_ip: '198.51.100.7',
  revoked_at: null,
  revoked_by: null,
  status: 'active',
  ...overrides,
});

describe("the dealer's API keys page", () => {
  it('lists keys, creates one whose secret is shown once with a copy button, and revokes after a confirmation', async () => {
    let keys: ApiKey[] = [
      key({}),
      key({
        id: '22222222-2222-4222-8222-222222222222',
        name: 'Eski',
        status: 'revoked',
        revoked_at: '2026-12-02T10:00:00.000Z',
        last_used_at: null,
        last_used_ip: null,
        scopes: ['read'],
      }),
    ];
    const sent: Array<{ method: string; path: string; body: unknown; idempotencyKey?: string }> = [];
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      read: async (path, query) => (path === 'user/api-keys' ? (keys as never) : base.read(path, query)),
      send: async (method, path, body, options) => {
        sent.push({ method, path, body, idempotencyKey: options?.idempotencyKey });
        if (method === 'POST') {
          const created = key({
            id: '33333333-3333-4333-8333-333333333333',
            name: 'Mobil uygulama',
            prefix: 'abcdefgh',
            scopes: ['read'],
            last_used_at: null,
            last_used_ip: null,
          });
          keys = [created, ...keys];
          return { data: { ...created, secret: SECRET } as never, message: '' };
        }
        keys = keys.map((k) =>
          path.endsWith(k.id) ? { ...k, status: 'revoked', revoked_at: '2026-12-06T10:00:00.000Z' } : k,
        );
        return { data: {} as never, message: '' };
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp({ session: SESSIONS.dealer, path: '/api-keys', dataProvider });

    expect(await screen.findByRole('heading', { name: 'API anahtarları' }, { timeout: 30_000 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'API anahtarları' });
    const active = within(table).getByText('Web mağazası').closest('tr')!;
    expect(active).toHaveTextContent('esk_live_qwertyui…');
    expect(active).toHaveTextContent('Okuma');
    expect(active).toHaveTextContent('Sipariş');
    expect(active).toHaveTextContent('198.51.100.7');
    expect(active).toHaveTextContent('Etkin');
    const revokedRow = within(table).getByText('Eski').closest('tr')!;
    expect(revokedRow).toHaveTextContent('İptal edildi');
    expect(revokedRow).toHaveTextContent('Kullanılmadı');
    expect(within(revokedRow).queryByRole('button', { name: 'İptal et' })).toBeNull();

    // Create: name and scopes, then the secret once, with its warning and a copy button.
    await userEvent.click(screen.getByRole('button', { name: 'Yeni API anahtarı' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni API anahtarı' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ad' }), 'Mobil uygulama');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    const created = await screen.findByRole('dialog', { name: 'API anahtarı oluşturuldu' });
    expect(within(created).getByText(/bir daha gösterilmeyecek/)).toBeVisible();
    expect(within(created).getByDisplayValue(SECRET)).toBeVisible();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: 'user/api-keys',
      body: { name: 'Mobil uygulama', scopes: ['read'] },
    });
    expect(sent[0]!.idempotencyKey).toBeTruthy();
    await userEvent.click(within(created).getByRole('button', { name: 'Kopyala' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    await userEvent.click(within(created).getByRole('button', { name: 'Kopyaladım, kapat' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    // Once closed, the secret is nowhere on the page; the list shows the new key by its prefix only.
    expect(await screen.findByText('esk_live_abcdefgh…')).toBeVisible();
    expect(document.body.textContent).not.toContain(SECRET);

    // Revoke: a confirmation naming the key first.
    const row = screen.getByText('Web mağazası').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'İptal et' }));
    const confirm = await screen.findByRole('dialog', { name: 'API anahtarı iptal edilsin mi?' });
    expect(confirm).toHaveTextContent('"Web mağazası" (esk_live_qwertyui…)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'İptal et' }));
    await waitFor(() => expect(sent[1]).toMatchObject({ method: 'DELETE', path: `user/api-keys/${key({}).id}` }));
    await waitFor(() => expect(screen.getByText('Web mağazası').closest('tr')).toHaveTextContent('İptal edildi'));
  });
});

describe('the audit log on API keys', () => {
  it('names the key by its name and prefix, in Turkish and English, for an admin and for the dealer itself', () => {
    const entry = (method: string, route: string) => ({
      method,
      route,
      status_code: 200,
      target_name: 'Web mağazası',
      detail: 'qwertyui',
    });
    const tr = polyglotI18nProvider(() => turkishMessages, 'tr').translate;
    const en = polyglotI18nProvider(() => englishMessages, 'en').translate;
    expect(auditSentence(entry('POST', '/admin/dealers/:id/api-keys'), tr)).toBe(
      'Web mağazası adlı API anahtarı (esk_live_qwertyui…) oluşturuldu',
    );
    expect(auditSentence(entry('DELETE', '/user/api-keys/:id'), en)).toBe(
      'API key Web mağazası (esk_live_qwertyui…) revoked',
    );
  });
});
