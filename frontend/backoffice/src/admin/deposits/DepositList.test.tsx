import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, PENDING_DEPOSIT, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const row = async () => (await screen.findByText('BK7Q2MXYZA')).closest('tr') as HTMLElement;

// The screens are lazy chunks: compiled once before the tests, so the first test does not pay for it on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./DepositList'), import('../../App')]);
}, 60_000);

describe('admin deposits', () => {
  it('lists pending requests first (status filter pending), with who asked and how much', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/deposits' });
    const line = await row();
    expect(within(line).getByText('Deniz Telekom Ltd. Şti.')).toBeInTheDocument();
    expect(within(line).getByText('dealer@esim.test')).toBeInTheDocument();
    expect(within(line).getByText('250,00 €')).toBeInTheDocument();
    const list = dataProvider.calls.find(
      (c) =>
        c.method === 'getList' &&
        c.resource === 'admin/deposits' &&
        (c.params as { pagination: { perPage: number } }).pagination.perPage === 25,
    );
    expect(list?.params).toMatchObject({ filter: { status: 'pending' }, sort: { field: 'created_at', order: 'DESC' } });
  }, 60_000);

  it('opens from its old address /admin/top-ups, the filter kept', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'confirmed' }));
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: `/admin/top-ups?filter=${filter}` });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/deposits'));
    await waitFor(() =>
      expect(
        dataProvider.calls.some(
          (c) =>
            c.method === 'getList' &&
            c.resource === 'admin/deposits' &&
            JSON.stringify((c.params as { filter: unknown }).filter) === '{"status":"confirmed"}',
        ),
      ).toBe(true),
    );
  }, 60_000);

  it('confirm asks first, then POSTs /admin/deposits/:id/confirm', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/deposits' });
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/BK7Q2MXYZA referans kodlu 250,00 € tutarındaki havale/)).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/deposits/${PENDING_DEPOSIT.id}/confirm`,
        params: undefined,
      }),
    );
  }, 60_000);

  it('a deposit above the threshold is confirmed only with its amount typed again; the service’s refusal shows under the field', async () => {
    const big = {
      ...PENDING_DEPOSIT,
      id: '00000000-0000-4000-8000-0000000000a2',
      reference_code: 'BKBIG7Q2MX',
      amount: 100_000_000,
      amount_cents: 10_000_000_000,
      amount_retype_required: true,
    };
    const sent: unknown[] = [];
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return { data: [big] as never, total: 1 };
      },
      send: async (method, path, body) => {
        dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
        sent.push(body);
        if ((body as { amount: number }).amount !== 100_000_000)
          throw Object.assign(new Error('refused'), {
            body: {
              message: 'Girilen bilgiler geçersiz',
              errors: { amount: 'Yazılan tutar talep edilen tutarla aynı değil' },
            },
          });
        return { data: { ...big, status: 'confirmed' } as never, message: 'Bakiye yükleme onaylandı' };
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/deposits', dataProvider });
    const user = userEvent.setup();
    const line = (await screen.findByText('BKBIG7Q2MX')).closest('tr') as HTMLElement;
    await user.click(within(line).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Büyük tutarlı yükleme onaylansın mı?' });
    expect(
      within(dialog).getByText(/BKBIG7Q2MX referans kodlu 100\.000\.000,00 € tutarındaki havale/),
    ).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Tutarı yeniden yazın');
    const confirmButton = within(dialog).getByRole('button', { name: 'Onayla' });
    // Nothing to send before an amount is typed, nor while it is no amount.
    expect(confirmButton).toBeDisabled();
    await user.type(field, '1000000,00');
    await user.click(confirmButton);
    expect(await within(dialog).findByText('Yazılan tutar talep edilen tutarla aynı değil')).toBeInTheDocument();
    expect(sent).toEqual([{ amount: 1_000_000 }]);
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.clear(field);
    await user.type(field, '100000000');
    expect(within(dialog).queryByText('Yazılan tutar talep edilen tutarla aynı değil')).toBeNull();
    await user.click(confirmButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ amount: 1_000_000 }, { amount: 100_000_000 }]);
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST').map((c) => c.resource)).toEqual([
      `admin/deposits/${big.id}/confirm`,
      `admin/deposits/${big.id}/confirm`,
    ]);
  }, 60_000);

  it('reject needs a reason, then POSTs /admin/deposits/:id/reject with it', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/deposits' });
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Reddet' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    expect(await within(dialog).findByText('Ret nedenini yazın')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.type(within(dialog).getByLabelText('Ret nedeni'), 'Havale hesaba geçmedi');
    await user.click(within(dialog).getByRole('button', { name: 'Reddet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/deposits/${PENDING_DEPOSIT.id}/reject`,
        params: { reason: 'Havale hesaba geçmedi' },
      }),
    );
  }, 60_000);

  it('a decided deposit offers no action; the status filter maps to the API query name', async () => {
    const confirmed = {
      ...PENDING_DEPOSIT,
      status: 'confirmed',
      decided_at: '2026-11-22T10:00:00.000Z',
      transfer_id: 7,
    };
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return { data: [confirmed] as never, total: 1 };
      },
    });
    renderApp({
      session: SESSIONS.admin,
      path: `/admin/deposits?filter=${encodeURIComponent(JSON.stringify({ status: 'confirmed' }))}`,
      dataProvider,
    });
    const line = await row();
    expect(within(line).queryByRole('button', { name: 'Onayla' })).toBeNull();
    expect(within(line).getByText('Onaylandı')).toBeInTheDocument();
    expect(
      dataProvider.calls.some(
        (c) =>
          c.resource === 'admin/deposits' &&
          (c.params as { filter: unknown }).filter &&
          JSON.stringify((c.params as { filter: unknown }).filter) === '{"status":"confirmed"}',
      ),
    ).toBe(true);
  }, 60_000);

  it('bulk confirm names the count, total and the big one it leaves out, then lists what could not be done by reference', async () => {
    const big = {
      ...PENDING_DEPOSIT,
      id: '00000000-0000-4000-8000-0000000000a3',
      reference_code: 'BKBIG2345X',
      amount: 1500,
      amount_cents: 150_000,
      amount_retype_required: true,
    };
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return { data: [PENDING_DEPOSIT, big] as never, total: 2 };
      },
      send: async (method, path, body) => {
        dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
        return {
          data: {
            decided: 1,
            already: 0,
            refused: 1,
            results: [
              {
                id: PENDING_DEPOSIT.id,
                outcome: 'decided',
                code: 'deposit_confirmed',
                message: 'Bakiye yükleme onaylandı',
              },
              {
                id: big.id,
                outcome: 'refused',
                code: 'deposit_bulk_retype_required',
                message: 'Büyük tutar toplu onaylanamaz: tek başına, tutarı yeniden yazarak onaylayın',
              },
            ],
          } as never,
          message: 'Tamam',
        };
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/deposits', dataProvider });
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('checkbox'));
    await user.click(
      within((await screen.findByText('BKBIG2345X')).closest('tr') as HTMLElement).getByRole('checkbox'),
    );
    await user.click(await screen.findByRole('button', { name: 'Seçilenleri onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 talep onaylansın mı?')).toBeInTheDocument();
    expect(dialog.textContent).toMatch(/toplamı 1\.750,00\s€/);
    expect(dialog.textContent).toContain('Büyük tutarlı 1 yükleme toplu onaylanmaz');
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: 'admin/deposits/bulk-confirm',
        params: { ids: [PENDING_DEPOSIT.id, big.id] },
      }),
    );
    const results = await screen.findByRole('dialog', { name: 'Toplu işlemin sonucu' });
    expect(within(results).getByText('1 onaylandı, 1 yapılamadı')).toBeInTheDocument();
    expect(within(results).getByText('BKBIG2345X')).toBeInTheDocument();
    expect(
      within(results).getByText('Büyük tutar toplu onaylanamaz: tek başına, tutarı yeniden yazarak onaylayın'),
    ).toBeInTheDocument();
  }, 60_000);
});
