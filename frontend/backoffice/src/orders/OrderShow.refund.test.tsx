import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EsimOrder, EsimRefundPreview } from '@esim/contracts';
import { ESIM_ORDER, fakeDataProvider, REFUND_PREVIEW, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const READY = {
  ...ESIM_ORDER.esims[0]!,
  status: 'inactive' as const,
  activated_at: null,
  refundable: true,
  refund_deadline: '2099-01-01T00:00:00.000Z',
};
/** The same eSIM once refunded: the service sends none of its code. */
const REFUNDED = {
  ...READY,
  status: 'refunded' as const,
  activation_code: null,
  smdp_address: null,
  matching_id: null,
  ios_install_url: null,
  qr_url: null,
  refundable: false,
  refund_deadline: null,
};
const orderWith = (esim: EsimOrder['esims'][number]): EsimOrder => ({ ...ESIM_ORDER, esims: [esim] });

/** A customer's order page over a fake provider: the order as `order()` answers it, the refund preview, the POST's answer or refusal. */
function renderOrder(options: {
  order: () => EsimOrder;
  preview?: EsimRefundPreview;
  refund?: () => Promise<unknown>;
  locale?: 'tr' | 'en';
}) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      dataProvider.calls.push({ method: 'getOne', resource, params });
      return resource === 'orders' ? { data: options.order() as never } : base.getOne(resource, params);
    },
    read: async (path, query) => {
      if (/\/refund$/.test(path)) {
        dataProvider.calls.push({ method: 'read', resource: path });
        return (options.preview ?? REFUND_PREVIEW) as never;
      }
      return base.read(path, query);
    },
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      return { data: (await options.refund?.()) as never, message: 'eSIM iade edildi' };
    },
  });
  renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show', dataProvider, locale: options.locale });
  return dataProvider;
}

const sends = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.calls.filter((c) => c.method.startsWith('send:'));

beforeAll(async () => {
  await Promise.all([import('./OrderShow'), import('../App')]);
}, 60_000);

describe("a customer's eSIM refund", () => {
  it('a refunded eSIM shows its state only: no QR, no codes, no iPhone button, no refund', async () => {
    renderOrder({ order: () => orderWith(REFUNDED) });
    const card = await screen.findByTestId('esim-card', {}, { timeout: 30_000 });
    expect(within(card).getByText('İade Edildi')).toBeInTheDocument();
    expect(card).toHaveTextContent('Bu eSIM iade edildi');
    expect(card).toHaveTextContent(READY.iccid);
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByText('Aktivasyon kodu')).toBeNull();
    expect(within(card).queryByText('LPA kodu')).toBeNull();
    expect(within(card).queryByText('Manuel kurulum')).toBeNull();
    expect(within(card).queryByRole('link', { name: /iPhone/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'İade et' })).toBeNull();
    expect(card.textContent).not.toMatch(/MATCH-1|smdp\.example\.com/);
  }, 60_000);

  it('the dialog shows where each part goes before the buyer confirms, then says the eSIM was refunded', async () => {
    let refunded = false;
    const dataProvider = renderOrder({
      order: () => orderWith(refunded ? REFUNDED : READY),
      refund: async () => {
        refunded = true;
        return {
          esim_id: 'esim-1',
          order_id: 'order-1',
          refunded: 14.99,
          refunded_cents: 1499,
          to_card: 11.99,
          to_card_cents: 1199,
          to_balance: 3,
          to_balance_cents: 300,
          status: 'refunded',
        };
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('esim-card', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'İade et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bu eSIM iade edilsin mi?' });
    expect(await within(dialog).findByTestId('refund-split')).toHaveTextContent(
      /Geri ödeme: 11,99\s€ kartınıza \(5-10 iş günü\), 3,00\s€ bakiyenize/,
    );
    expect(within(dialog).getByTestId('refund-split')).toHaveTextContent('demo-27918732');
    expect(sends(dataProvider)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'İade et' }));
    expect(await within(dialog).findByTestId('refund-outcome')).toHaveTextContent(
      /^Geri ödendi: 11,99\s€ kartınıza \(5-10 iş günü\), 3,00\s€ bakiyenize\.$/,
    );
    // The dialog's title now says what happened.
    expect(within(dialog).getByRole('heading', { name: 'eSIM iade edildi' })).toBeInTheDocument();
    expect(sends(dataProvider)).toEqual([{ method: 'send:POST', resource: 'user/esim/esim-1/refund', params: {} }]);
    // Behind the dialog the eSIM is withdrawn; closing it leaves the card with its state only.
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('esim-card')).toHaveTextContent('Bu eSIM iade edildi'));
  }, 60_000);

  it('a refund still under way says so, with where the money goes (English)', async () => {
    renderOrder({
      locale: 'en',
      order: () => orderWith(READY),
      preview: { ...REFUND_PREVIEW, to_card: 0, to_card_cents: 0, to_balance: 14.99, to_balance_cents: 1499 },
      refund: async () => ({
        esim_id: 'esim-1',
        order_id: 'order-1',
        refunded_cents: 1499,
        to_card_cents: 0,
        to_balance_cents: 1499,
        status: 'processing',
      }),
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('esim-card', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this eSIM?' });
    expect(await within(dialog).findByTestId('refund-split')).toHaveTextContent(
      /^Money back: 14,99\s€ to your balance$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Your refund is under way', { selector: 'h2' })).toBeInTheDocument();
    expect(await within(dialog).findByTestId('refund-outcome')).toHaveTextContent(
      /Your refund is under way: the eSIM is withdrawn, and the money goes back as follows: 14,99\s€ to your balance\./,
    );
  }, 60_000);

  it('the service refusing the refund: its words in the dialog, and nothing to confirm', async () => {
    const dataProvider = renderOrder({
      order: () => orderWith(READY),
      preview: {
        ...REFUND_PREVIEW,
        refundable: false,
        refusal: 'Kullanılmaya başlanmış bir eSIM iade edilemez',
        refusal_code: 'esim_refund_activated',
      },
      refund: async () => {
        throw new HttpError('x', 422, { message: 'x' });
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByTestId('esim-card', {}, { timeout: 30_000 });
    await user.click(within(card).getByRole('button', { name: 'İade et' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('refund-split')).toHaveTextContent(
      'Kullanılmaya başlanmış bir eSIM iade edilemez',
    );
    expect(within(dialog).getByRole('button', { name: 'İade et' })).toBeDisabled();
    expect(sends(dataProvider)).toEqual([]);
  }, 60_000);
});
