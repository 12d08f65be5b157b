import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { EsimContext } from '../context';
import { driveOrder, loadOrder, purchaseSteps } from '../orders/saga';
import { applyUsage } from '../profiles/usage';
import type { Supplier, SupplierNotice } from '../provider/supplier';

/**
 * What a supplier's webhook told us, acted on (the adapter has checked and deduplicated it):
 * - an order it allocated: the saga drives it on (a delivery after we failed the order is ended at
 *   the supplier again, as the order's compensation: nobody was charged for it);
 * - an eSIM's new figures or state: its usage applied as any usage report (so the 80 % / 100 %
 *   mails follow), and the moment it went onto a phone kept;
 * - the supplier's balance or credit warning: kept for the admin home.
 */
export async function handleNotices(
  db: Knex,
  ctx: EsimContext,
  supplier: Supplier,
  notices: SupplierNotice[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const notice of notices) {
    if (notice.kind === 'order') await orderDelivered(db, ctx, notice.orderId, log);
    else if (notice.kind === 'esim') await esimChanged(db, supplier, notice, log);
    else if (notice.kind === 'balance')
      await db('supplier_status')
        .insert({
          supplier: supplier.name,
          balance_message: notice.message,
          ...(notice.remainingCents !== null
            ? { balance_cents: notice.remainingCents, balance_checked_at: db.fn.now() }
            : {}),
          updated_at: db.fn.now(),
        })
        .onConflict('supplier')
        .merge();
  }
}

async function orderDelivered(db: Knex, ctx: EsimContext, orderId: string, log: FastifyBaseLogger): Promise<void> {
  const order = await loadOrder(db, orderId);
  if (!order) return;
  if (order.step === 'failed') {
    await purchaseSteps.provision.compensate(db, ctx, order, { log });
    return;
  }
  // A step that fails here is the recovery loop's to finish.
  await driveOrder(db, ctx, order, { log }).catch((error: unknown) =>
    log.warn({ err: error, orderId }, 'a delivered order waits for the recovery loop'),
  );
}

/**
 * An eSIM's figures or state from its supplier (its webhook, or a read when its usage was asked for)
 * applied to our row. The event id is the supplier, its ref and the figures' time, so the same
 * figures however they came are applied once.
 */
export async function esimChanged(
  db: Knex,
  supplier: Pick<Supplier, 'name'>,
  notice: Extract<SupplierNotice, { kind: 'esim' }>,
  log: FastifyBaseLogger,
  source: 'webhook' | 'provider' = 'webhook',
): Promise<void> {
  const { status } = notice;
  if (status.state === 'installed' || status.state === 'in_use')
    await db('profiles')
      .where({ iccid: notice.iccid, supplier: supplier.name })
      .whereNull('installed_at')
      .whereNull('refunded_at')
      .update({ installed_at: status.updatedAt ?? db.fn.now(), updated_at: db.fn.now() });
  if (status.usedBytes !== null) {
    const at = status.updatedAt ?? new Date();
    await db.transaction((trx) =>
      applyUsage(
        trx,
        {
          eventId: `${supplier.name}:${notice.supplierRef ?? notice.iccid}:${at.toISOString()}`,
          iccid: notice.iccid,
          usedBytes: status.usedBytes!,
          recordedAt: at,
          source,
        },
        log,
      ),
    );
  }
}
