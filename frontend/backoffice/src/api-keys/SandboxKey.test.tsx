import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@esim/contracts';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const sandboxKey: ApiKey = {
  id: '44444444-4444-4444-8444-444444444444',
  dealer_id: SESSIONS.dealer.user.id as string,
  name: 'Deneme',
  prefix: 'zxcvbnma',
  scopes: ['read', 'order'],
  sandbox: true,
  created_by: null,
  created_at: '2026-12-01T09:00:00.000Z',
  last_used_at: null,
  last_used_ip: null,
  revoked_at: null,
  revoked_by: null,
  status: 'active',
};

describe('a sandbox API key in the back office', () => {
  it('is listed by its esk_test_ start with a sandbox mark, and is made by ticking the sandbox box', async () => {
    const sent: Array<{ method: string; body: unknown }> = [];
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      read: async (path, query) => (path === 'user/api-keys' ? ([sandboxKey] as never) : base.read(path, query)),
      send: async (method, _path, body) => {
        sent.push({ method, body });
        return {
          data: { ...sandboxKey, secret: 'esk_test_abcdefghijklmnopqrstuvwxyz234567abcdefg' } as never,
          message: '',
        };
      },
    });
    renderApp({ session: SESSIONS.dealer, path: '/api-keys', dataProvider });
    const table = await screen.findByRole('table', { name: 'API anahtarları' }, { timeout: 30_000 });
    const row = within(table).getByText('Deneme').closest('tr')!;
    expect(row).toHaveTextContent('esk_test_zxcvbnma…');
    expect(row).toHaveTextContent('Deneme (sandbox)');

    await userEvent.click(screen.getByRole('button', { name: 'Yeni API anahtarı' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni API anahtarı' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Ad' }), 'Test');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Deneme anahtarı/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Oluştur' }));
    await screen.findByRole('dialog', { name: 'API anahtarı oluşturuldu' });
    expect(sent).toEqual([{ method: 'POST', body: { name: 'Test', scopes: ['read'], sandbox: true } }]);
  }, 60_000);
});
