import { physicalOrderNumber, USER_TYPE, type EventPayload } from '@esim/contracts';
import type { Knex } from 'knex';
import type { AuthConfig } from '../config';
import { recordReturn, recordSale } from './invoices';
import { receiptItem } from '../receipts/receipt-pdf';
import { planName } from '../mail/plan-name';

/**
 * The sales and refunds that owe an e-Arşiv document, written as pending rows in the handler's
 * transaction (with its inbox row), so a delivery that fails records nothing and a repeated one
 * finds its unique key taken. The issuing loop takes them from there, outside any transaction.
 */
const orderPage = (config: AuthConfig, orderId: string) =>
  `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/order/${encodeURIComponent(orderId)}`;

/** A completed eSIM order or top-up of a consumer (the receipt event carries every fact the invoice prints). */
export async function recordEsimSale(
  trx: Knex.Transaction,
  receipt: EventPayload<'esim.order.receipt'>,
  config: AuthConfig,
): Promise<void> {
  const soldAt = new Date(receipt.completedAt);
  const byCard = receipt.paidByCardCents >= receipt.totalCents && receipt.totalCents > 0;
  await recordSale(trx, {
    saleId: receipt.orderId,
    saleType: receipt.topUp ? 'top_up' : 'esim',
    saleNumber: receipt.orderNumber,
    accountId: receipt.userId,
    locale: receipt.locale,
    soldAt,
    lines: [
      {
        description: receiptItem(receipt, receipt.locale),
        quantity: receipt.quantity,
        unitPriceCents: receipt.unitPriceCents,
      },
    ],
    payment: byCard
      ? { type: 'card', platform: 'iyzico', paidAt: soldAt }
      : { type: 'balance', platform: null, paidAt: soldAt },
    url: orderPage(config, receipt.orderId),
  });
}

/**
 * A dealer's own eSIM orders and top-ups, paid from its balance or credit: no receipt is made for them
 * (a dealer accepts no distance-sale documents), so their invoices come from the completions, with the
 * dealer's company as the buyer. Anyone else's order is invoiced from its receipt; an event of an
 * earlier release, without the sale's facts, records nothing. One read finds the dealers among the
 * buyers of a whole run of completions.
 */
export async function recordDealerEsimSales(
  trx: Knex.Transaction,
  completions: ReadonlyArray<{ order: EventPayload<'esim.order.completed'>; occurredAt: Date }>,
  config: AuthConfig,
): Promise<void> {
  const invoiceable = completions.filter(
    ({ order }) =>
      order.packageNameTr !== undefined &&
      order.quantity !== undefined &&
      order.unitPriceCents !== undefined &&
      order.amountCents > 0,
  );
  if (invoiceable.length === 0) return;
  const dealers = new Set(
    (
      (await trx('users')
        .join('dealer_profiles', 'dealer_profiles.user_id', 'users.id')
        .whereIn('users.id', [...new Set(invoiceable.map(({ order }) => order.userId))])
        .where('users.user_type', USER_TYPE.dealer)
        .select('users.id')) as Array<{ id: string }>
    ).map((row) => row.id),
  );
  for (const { order, occurredAt } of invoiceable)
    if (dealers.has(order.userId)) await recordDealerEsimSale(trx, order, config, occurredAt);
}

/** One completion of a dealer's own order (recordDealerEsimSales found it invoiceable and the buyer a dealer). */
async function recordDealerEsimSale(
  trx: Knex.Transaction,
  order: EventPayload<'esim.order.completed'>,
  config: AuthConfig,
  occurredAt: Date,
): Promise<void> {
  const { packageNameTr, packageNameEn, quantity, unitPriceCents } = order;
  if (packageNameTr === undefined || quantity === undefined || unitPriceCents === undefined) return;
  const locale = order.locale ?? 'tr';
  // Named as the receipt's line names a consumer's: the plan's title, then the package's name and code.
  const name = (locale === 'en' ? packageNameEn : undefined) ?? packageNameTr;
  const title = planName(order, locale);
  const details = [name, order.packageCode].filter(Boolean).join(', ');
  const description = title && title !== name ? `${title} (${details})` : details;
  const soldAt = order.completedAt ? new Date(order.completedAt) : occurredAt;
  await recordSale(trx, {
    saleId: order.orderId,
    saleType: order.topUp ? 'top_up' : 'esim',
    saleNumber: order.orderNumber ?? order.orderId,
    accountId: order.userId,
    locale,
    soldAt,
    // A total that is not its lines' (a price the order recorded otherwise) is invoiced as one line of the total.
    lines:
      quantity * unitPriceCents === order.amountCents
        ? [{ description, quantity, unitPriceCents }]
        : [{ description, quantity: 1, unitPriceCents: order.amountCents }],
    payment: { type: 'balance', platform: null, paidAt: soldAt },
    url: orderPage(config, order.orderId),
  });
}

/** A refunded eSIM: the return document of the part given back, once its order's invoice is out. */
export async function recordEsimRefund(
  trx: Knex.Transaction,
  refund: EventPayload<'esim.order.refunded'>,
): Promise<void> {
  const locale = refund.locale ?? 'tr';
  const plan = planName(refund, locale);
  const label = locale === 'en' ? 'Refund' : 'İade';
  await recordReturn(trx, {
    returnId: `esim-refund:${refund.esimId}`,
    saleId: refund.orderId,
    description: `${label}: ${plan || refund.iccid} (ICCID ${refund.iccid})`,
    amountCents: refund.amountCents,
  });
}

/** An approved Plus card order: one line of its package and quantity (an older event, naming only its amount, gets one line for it). */
export async function recordPhysicalSimSale(
  trx: Knex.Transaction,
  order: EventPayload<'physical-sim.order.approved'>,
  config: AuthConfig,
  approvedAt: Date,
): Promise<void> {
  if (order.amountCents <= 0) return;
  await recordSale(trx, {
    saleId: order.orderId,
    saleType: 'physical_sim',
    saleNumber: physicalOrderNumber(order.orderId),
    accountId: order.userId,
    locale: 'tr',
    soldAt: approvedAt,
    lines:
      order.item && order.item.quantity * order.item.unitPriceCents === order.amountCents
        ? [
            {
              description: `${order.item.nameTr} (eUICC fiziksel SIM kartı, Plus)`,
              quantity: order.item.quantity,
              unitPriceCents: order.item.unitPriceCents,
            },
          ]
        : [{ description: 'eUICC fiziksel SIM kartı siparişi (Plus)', quantity: 1, unitPriceCents: order.amountCents }],
    payment: { type: 'balance', platform: null, paidAt: approvedAt },
    url: `${config.PUBLIC_BASE_URL.replace(/\/$/, '')}/dashboard`,
  });
}

/** An approved Plus card return with money back: a return document against its order's invoice. */
export async function recordPhysicalSimReturn(
  trx: Knex.Transaction,
  ret: EventPayload<'physical-sim.return.approved'>,
): Promise<void> {
  if (!ret.orderId || ret.refundCents <= 0) return;
  await recordReturn(trx, {
    returnId: `physical-sim-return:${ret.returnId}`,
    saleId: ret.orderId,
    description: 'İade: eUICC fiziksel SIM kartları (Plus)',
    amountCents: ret.refundCents,
  });
}
