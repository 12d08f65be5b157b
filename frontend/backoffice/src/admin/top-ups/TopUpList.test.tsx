import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, PENDING_TOP_UP, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const row = async () => (await screen.findByText('BK7Q2MXYZA')).closest('tr') as HTMLElement;

// The screens are lazy chunks: compiled once before the tests, so the first test does not pay for it on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./TopUpList'), import('../../App')]);
}, 60_000);

describe('admin top-ups', () => {
  it('lists pending requests first (status filter pending), with who asked and how much', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/top-ups' });
    const line = await row();
    expect(within(line).getByText('Deniz Telekom Ltd. Şti.')).toBeInTheDocument();
    expect(within(line).getByText('dealer@esim.test')).toBeInTheDocument();
    expect(within(line).getByText('250,00 €')).toBeInTheDocument();
    const list = dataProvider.calls.find(
      (c) =>
        c.method === 'getList' &&
        c.resource === 'admin/top-ups' &&
        (c.params as { pagination: { perPage: number } }).pagination.perPage === 25,
    );
    expect(list?.params).toMatchObject({ filter: { status: 'pending' }, sort: { field: 'created_at', order: 'DESC' } });
  }, 60_000);

  it('confirm asks first, then POSTs /admin/top-ups/:id/confirm', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/top-ups' });
    const user = userEvent.setup();
    await user.click(within(await row()).getByRole('button', { name: 'Onayla' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/BK7Q2MXYZA referans kodlu 250,00 € tutarındaki havale/)).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: `admin/top-ups/${PENDING_TOP_UP.id}/confirm`,
        params: undefined,
      }),
    );
  }, 60_000);

  it('reject needs a reason, then POSTs /admin/top-ups/:id/reject with it', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/top-ups' });
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
        resource: `admin/top-ups/${PENDING_TOP_UP.id}/reject`,
        params: { reason: 'Havale hesaba geçmedi' },
      }),
    );
  }, 60_000);

  it('a decided top-up offers no action; the status filter maps to the API query name', async () => {
    const confirmed = {
      ...PENDING_TOP_UP,
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
      path: `/admin/top-ups?filter=${encodeURIComponent(JSON.stringify({ status: 'confirmed' }))}`,
      dataProvider,
    });
    const line = await row();
    expect(within(line).queryByRole('button', { name: 'Onayla' })).toBeNull();
    expect(within(line).getByText('Onaylandı')).toBeInTheDocument();
    expect(
      dataProvider.calls.some(
        (c) =>
          c.resource === 'admin/top-ups' &&
          (c.params as { filter: unknown }).filter &&
          JSON.stringify((c.params as { filter: unknown }).filter) === '{"status":"confirmed"}',
      ),
    ).toBe(true);
  }, 60_000);
});
