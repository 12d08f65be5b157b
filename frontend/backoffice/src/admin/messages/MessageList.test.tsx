import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEW_MESSAGE, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { createDataProvider } from '../../providers/dataProvider';

// The screens are lazy chunks: compiled once before the tests, so the first test does not pay for it on a busy machine.
beforeAll(async () => {
  await Promise.all([import('./MessageList'), import('./MessageShow'), import('../../App')]);
}, 60_000);

describe('admin messages', () => {
  it('lists messages with sender and type; opening a new one marks it read (PUT /admin/messages/:id)', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: '/admin/messages' });
    const cell = await screen.findByText('Gezgin Turizm A.Ş.');
    const line = cell.closest('tr') as HTMLElement;
    expect(within(line).getByText('Bayilik başvurusu')).toBeInTheDocument();
    expect(within(line).getByText('Yeni')).toBeInTheDocument();
    await userEvent.setup().click(cell);
    expect(await screen.findByText('Bayiniz olmak istiyoruz; görüşebilir miyiz?')).toBeInTheDocument();
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:PUT',
        resource: `admin/messages/${NEW_MESSAGE.id}`,
        params: { status: 'read' },
      }),
    );
  }, 60_000);

  it('marks a message answered', async () => {
    const { dataProvider } = renderApp({ session: SESSIONS.admin, path: `/admin/messages/${NEW_MESSAGE.id}/show` });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Yanıtlandı olarak işaretle' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:PUT',
        resource: `admin/messages/${NEW_MESSAGE.id}`,
        params: { status: 'answered' },
      }),
    );
  }, 60_000);
});

describe("the admin lists' filters reach the API under its query names", () => {
  it('messages: q, kind, status, dates; deposits: status; a filter the route does not declare is dropped', async () => {
    const urls: string[] = [];
    const http = async (url: string) => {
      urls.push(url);
      return {
        status: 200,
        headers: new Headers({ 'Content-Range': 'items 0-0/0' }),
        body: '[]',
        json: [],
        envelope: null,
      };
    };
    const dp = createDataProvider('/api', http as never);
    await dp.getList('admin/messages', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {
        q: 'bayi',
        kind: 'partnership',
        status: 'new',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        colour: 'red',
      },
    });
    await dp.getList('admin/deposits', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'rejected' },
    });
    await dp.getList('admin/physical-sim-orders', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    const [messages, deposits, orders] = urls.map((url) => new URL(url, 'http://x'));
    expect(messages!.pathname).toBe('/api/admin/messages');
    expect(JSON.parse(messages!.searchParams.get('filter')!)).toEqual({
      q: 'bayi',
      kind: 'partnership',
      status: 'new',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(deposits!.pathname).toBe('/api/admin/deposits');
    expect(JSON.parse(deposits!.searchParams.get('filter')!)).toEqual({ status: 'rejected' });
    expect(deposits!.searchParams.get('range')).toBe('[25,49]');
    expect(orders!.pathname).toBe('/api/admin/physical-sim/orders/pending');
  }, 60_000);
});
