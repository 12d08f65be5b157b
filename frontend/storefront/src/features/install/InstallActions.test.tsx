import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EsimOrder } from '@esim/contracts';
import type { InstallLink } from '@esim/contracts';
import { browserSession } from '@esim/frontend-shared/session';
import { renderPage } from '../../test/render';
import { InstallActions } from './InstallActions';

const ESIM = {
  id: 'e1',
  order_id: 'o1',
  iccid: '8990000000000000001',
  status: 'inactive',
  activation_code: 'LPA:1$smdp.example.com$M1',
  smdp_address: 'smdp.example.com',
  matching_id: 'M1',
  confirmation_code_required: false,
  ios_install_url: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=x',
  qr_url: '/api/user/esim/qr/1.png',
  usage: { total_bytes: 1, remaining_bytes: 1, used_bytes: 0, percentage: 0, unlimited: false },
  activated_at: null,
  expires_at: null,
  refundable: true,
  refund_deadline: null,
};
const ORDER = { id: 'o1', order_number: 'ESIM2026ABCDEF', status: 'completed', esims: [ESIM] } as unknown as EsimOrder;
const LINK: InstallLink = {
  id: 'l1',
  esim_id: 'e1',
  iccid: ESIM.iccid,
  state: 'active',
  created_at: '2026-11-26T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  revoked_at: null,
  opened_count: 0,
  last_opened_at: null,
};

const ok = (status: number, data: unknown) =>
  new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('install on another device (order page)', () => {
  it('mails the details with an Idempotency-Key, makes a link shown once, lists and revokes it', async () => {
    browserSession.write({ token: 'token', user: { email: 'can@example.com', full_name: 'Can', user_type: 1 } });
    let links: InstallLink[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.endsWith('/send-install-mail'))
        return ok(202, { order_id: 'o1', esim_count: 1, requested_at: '2026-11-26T10:00:00Z' });
      if (url.endsWith('/install-links') && method === 'POST') {
        links = [LINK];
        return ok(201, { ...LINK, token: 'AbCdEfGhIjKlMnOpQrStUv', path: '/install/AbCdEfGhIjKlMnOpQrStUv' });
      }
      if (url.endsWith('/install-links/l1') && method === 'DELETE') {
        links = [{ ...LINK, state: 'revoked', revoked_at: '2026-11-26T11:00:00Z' }];
        return ok(200, links[0]);
      }
      return ok(200, links);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(<InstallActions order={ORDER} />, { path: '/order/o1', route: '/order/:id', lng: 'en' });

    fireEvent.click(await screen.findByRole('button', { name: 'Send to my e-mail' }, { timeout: 5000 }));
    expect(await screen.findByText('The install details were sent to your e-mail')).toBeInTheDocument();
    const mailCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/send-install-mail'))!;
    expect(mailCall[1]!.method).toBe('POST');
    expect((mailCall[1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/.{8,}/);

    fireEvent.click(screen.getByRole('button', { name: 'Make an install link' }));
    const created = await screen.findByTestId('install-link-created');
    expect(within(created).getByText(`${window.location.origin}/install/AbCdEfGhIjKlMnOpQrStUv`)).toBeInTheDocument();
    const row = await screen.findByTestId('install-link');
    expect(row).toHaveTextContent('Valid');
    expect(row).toHaveTextContent('Never opened');

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Install link revoked')).toBeInTheDocument();
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByTestId('install-link-created')).toBeNull();
  });
});
