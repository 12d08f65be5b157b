import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeBalance, statusColor, validateBalanceNumber } from './balanceCheck';
import { renderPage } from '../../test/render';
import BalancePage, { BalanceResultCard } from './BalancePage';

afterEach(() => vi.unstubAllGlobals());

describe('balance check validation', () => {
  it('upper-cases and checks the eSIM order number and the physical serial', () => {
    expect(validateBalanceNumber('esim', ' esim2024abcd ')).toEqual({ value: 'ESIM2024ABCD' });
    expect(validateBalanceNumber('esim', '')).toEqual({ value: '', error: 'empty' });
    expect(validateBalanceNumber('esim', 'ABC-1234')).toMatchObject({ error: 'invalidEsim' });
    expect(validateBalanceNumber('esim', 'ABC1234')).toMatchObject({ error: 'invalidEsim' });
    expect(validateBalanceNumber('physical', '12345')).toMatchObject({ error: 'invalidPhysical' });
    expect(validateBalanceNumber('physical', '12345A')).toMatchObject({ error: 'invalidPhysical' });
    expect(validateBalanceNumber('physical', '123456')).toEqual({ value: '123456' });
  });

  it('shows the fixed texts and keeps the button disabled while empty', async () => {
    renderPage(<BalancePage />, { path: '/balance' });
    const button = screen.getByRole('button', { name: 'Sorgula' });
    expect(button).toBeDisabled();
    const input = screen.getByLabelText('Sipariş numarası veya ICCID');
    await userEvent.type(input, 'abc');
    expect(input).toHaveValue('ABC');
    await userEvent.click(button);
    expect(screen.getByText('Geçersiz QR eSIM sipariş numarası formatı')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fiziksel SIM' }));
    await userEvent.click(button);
    expect(screen.getByText('Geçersiz fiziksel SIM sıra numarası formatı')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    expect(button).toBeDisabled();
  });

  it('takes an eSIM’s ICCID too (spaces dropped); 19-20 digits failing the ICCID check say so', () => {
    expect(validateBalanceNumber('esim', '8990 0123 4567 8901 231')).toEqual({ value: '8990012345678901231' });
    expect(validateBalanceNumber('esim', '89900123456789012342')).toEqual({ value: '89900123456789012342' });
    expect(validateBalanceNumber('esim', '8990012345678901232')).toMatchObject({ error: 'invalidIccid' });
    expect(validateBalanceNumber('esim', '1290012345678901231')).toMatchObject({ error: 'invalidIccid' });
  });

  it('an ICCID is looked up on the eSIM route and its answer shows the plan by its country', async () => {
    const fetch = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(
          JSON.stringify({
            success: true,
            code: 'balance_check_loaded',
            message: 'ok',
            data: {
              type: 'esim',
              orderNumber: '8990012345678901231',
              status: 'ready',
              packageName: 'Türkiye 3 GB · 7 gün',
              totalData: 3072,
              usedData: 0,
              remainingData: 3072,
              activationDate: null,
              expiryDate: null,
              country: 'Türkiye',
              operator: 'Turkcell',
              demo: false,
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage(<BalancePage />, { path: '/balance' });
    await userEvent.type(screen.getByLabelText('Sipariş numarası veya ICCID'), '8990 0123 4567 8901 231');
    await userEvent.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(await screen.findByRole('heading', { name: 'Türkiye 3 GB · 7 gün' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toContain('/public/balance/esim/8990012345678901231');
    expect(screen.getByText('Türkiye')).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Kuruluma hazır');
  });

  it('an ICCID with a wrong check digit is refused before asking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage(<BalancePage />, { path: '/balance' });
    await userEvent.type(screen.getByLabelText('Sipariş numarası veya ICCID'), '8990012345678901232');
    await userEvent.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(screen.getByText('Geçersiz ICCID formatı')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the empty-number message', () => {
    expect(validateBalanceNumber('physical', '  ').error).toBe('empty');
  });

  it('a not-found answer says so (no invented demo data)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ success: false, code: 'not_found', message: 'x' }), { status: 404 }),
      ),
    );
    renderPage(<BalancePage />, { path: '/balance' });
    await userEvent.type(screen.getByLabelText('Sipariş numarası veya ICCID'), 'ESIM20240001');
    await userEvent.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect((await screen.findAllByText('Bakiye bilgileri bulunamadı')).length).toBeGreaterThan(0);
  });
});

describe('balance result', () => {
  it('status badge colours: active green, inactive grey, expired red', () => {
    expect(statusColor('active')).toBe('success');
    expect(statusColor('inactive')).toBe('default');
    expect(statusColor('expired')).toBe('error');
  });

  it('a never-used eSIM reads "Kuruluma hazır" in blue, as on its order page, not "Pasif"', () => {
    const result = normalizeBalance('esim', 'ESIM20240003', {
      status: 'ready',
      package_name: 'ABD Standart',
      total_data_mb: 5120,
      remaining_data_mb: 5120,
    });
    renderPage(<BalanceResultCard result={result} />);
    const badge = screen.getByTestId('status-badge');
    expect(badge).toHaveTextContent('Kuruluma hazır');
    expect(badge.className).toMatch(/colorInfo/);
    expect(document.body.textContent).not.toMatch(/Pasif/);
  });

  it('in English the same eSIM reads "Ready to install"', async () => {
    const result = normalizeBalance('esim', 'ESIM20240003', {
      status: 'ready',
      package_name: 'US Standard',
      total_data_mb: 5120,
      remaining_data_mb: 5120,
    });
    renderPage(<BalanceResultCard result={result} />, { lng: 'en' });
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Ready to install');
  });

  it('renders ring, badge, package, country, operator and dates', () => {
    const result = normalizeBalance('esim', 'ESIM20240001', {
      status: 'expired',
      package_name: 'ABD Standart',
      total_data_mb: 5120,
      remaining_data_mb: 1024,
      activation_date: '2026-01-02T10:00:00Z',
      expiry_date: '2026-01-17T10:00:00Z',
      country: 'Amerika Birleşik Devletleri',
      operator: 'T-Mobile',
    });
    expect(result.usedData).toBe(4096);
    renderPage(<BalanceResultCard result={result} />);
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Süresi Dolmuş');
    expect(screen.getByTestId('status-badge').className).toMatch(/colorError/);
    expect(screen.getByText('1 GB')).toBeInTheDocument();
    expect(screen.getByText('Kullanılan: 4 GB / 5 GB')).toBeInTheDocument();
    expect(screen.getByText('T-Mobile')).toBeInTheDocument();
    expect(screen.getByText('2 Ocak 2026')).toBeInTheDocument();
  });
});

describe('a new query', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const found = {
    success: true,
    code: 'ok',
    message: 'ok',
    data: {
      status: 'active',
      package_name: 'ABD Standart',
      total_data_mb: 5120,
      remaining_data_mb: 0,
      country: 'ABD',
      operator: 'T-Mobile',
    },
  };

  it('that fails clears the previous result, and nothing says "Bytes" in Turkish', async () => {
    const fetch = vi.fn(async () => answer(200, found));
    vi.stubGlobal('fetch', fetch);
    renderPage(<BalancePage />, { path: '/balance' });
    const input = screen.getByLabelText('Sipariş numarası veya ICCID');
    await userEvent.type(input, 'ESIM20240001');
    await userEvent.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect(await screen.findByText('ABD Standart')).toBeInTheDocument();
    expect(screen.getByText('0 Bayt')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Bytes/);

    fetch.mockImplementation(async () => answer(404, { success: false, code: 'not_found', message: 'x' }));
    await userEvent.clear(input);
    await userEvent.type(input, 'ESIM20240002');
    await userEvent.click(screen.getByRole('button', { name: 'Sorgula' }));
    expect((await screen.findAllByText('Bakiye bilgileri bulunamadı')).length).toBeGreaterThan(0);
    expect(screen.queryByText('ABD Standart')).not.toBeInTheDocument();
    expect(screen.queryByTestId('status-badge')).not.toBeInTheDocument();
  });
});
