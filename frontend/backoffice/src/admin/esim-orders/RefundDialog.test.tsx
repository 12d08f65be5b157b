import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESIM_ORDER, fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { refundReasonProblem } from './RefundDialog';

function renderOrder() {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      dataProvider.calls.push({ method: 'getOne', resource, params });
      return resource === 'admin/esim-orders' ? { data: ESIM_ORDER as never } : base.getOne(resource, params);
    },
  });
  renderApp({ session: SESSIONS.admin, path: `/admin/esim-orders/${ESIM_ORDER.id}/show`, dataProvider });
  return dataProvider;
}

const sends = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.calls.filter((c) => c.method.startsWith('send:'));

beforeAll(async () => {
  await Promise.all([import('./EsimOrderShow'), import('../../App')]);
}, 60_000);

describe('admin eSIM order: refund with a reason, revoke', () => {
  it('judges the reason: required, at least 3 characters', () => {
    expect(refundReasonProblem('')).toBe('required');
    expect(refundReasonProblem('   ')).toBe('required');
    expect(refundReasonProblem('ab')).toBe('too_short');
    expect(refundReasonProblem('Kurulamadı')).toBeNull();
  });

  it('shows where the money goes, refuses a refund without a reason, then POSTs the eSIM refund with the reason typed', async () => {
    const user = userEvent.setup();
    const dataProvider = renderOrder();
    const card = await screen.findByTestId('admin-esim', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'İade et' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/8990011234567890123 numaralı eSIM kalıcı olarak kapanır ve 4,50 € alıcıya geri ödenir/),
    ).toBeInTheDocument();
    // Read from GET /user/esim/:id/refund before anything is sent.
    expect(await within(dialog).findByTestId('refund-split')).toHaveTextContent(
      /Geri ödeme: 11,99\s€ alıcının kartına \(5-10 iş günü\), 3,00\s€ alıcının bakiyesine/,
    );
    expect(dataProvider.calls).toContainEqual({ method: 'read', resource: 'user/esim/esim-1/refund' });
    await user.click(within(dialog).getByRole('button', { name: 'İade et' }));
    expect(await within(dialog).findByText('İade nedenini yazın')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('İade nedeni'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'İade et' }));
    expect(await within(dialog).findByText('Neden en az 3 karakter olmalı')).toBeInTheDocument();
    expect(sends(dataProvider)).toEqual([]);
    await user.type(within(dialog).getByLabelText('İade nedeni'), 'ıza: müşteri kuramadı');
    await user.click(within(dialog).getByRole('button', { name: 'İade et' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        { method: 'send:POST', resource: 'user/esim/esim-1/refund', params: { reason: 'abıza: müşteri kuramadı' } },
      ]),
    );
  }, 60_000);

  it("keeps the dialog open with the service's refusal under the reason", async () => {
    const user = userEvent.setup();
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getOne: async (resource, params) =>
        resource === 'admin/esim-orders' ? { data: ESIM_ORDER as never } : base.getOne(resource, params),
      send: async (method, path, body) => {
        dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
        throw new HttpError('Bu eSIM zaten iade edildi', 409, { message: 'Bu eSIM zaten iade edildi', errors: {} });
      },
    });
    renderApp({ session: SESSIONS.admin, path: `/admin/esim-orders/${ESIM_ORDER.id}/show`, dataProvider });
    const card = await screen.findByTestId('admin-esim', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'İade et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bu eSIM iade edilsin mi?' });
    await user.type(within(dialog).getByLabelText('İade nedeni'), 'Kurulamadı');
    await user.click(within(dialog).getByRole('button', { name: 'İade et' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bu eSIM zaten iade edildi');
    expect(sends(dataProvider)).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
  }, 60_000);

  it('revokes after asking, with PUT status revoked', async () => {
    const user = userEvent.setup();
    const dataProvider = renderOrder();
    const card = await screen.findByTestId('admin-esim', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'İptal et' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Para iade edilmez/)).toBeInTheDocument();
    expect(sends(dataProvider)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        { method: 'send:PUT', resource: 'user/esim/esim-1/status', params: { status: 'revoked' } },
      ]),
    );
  }, 60_000);
});
