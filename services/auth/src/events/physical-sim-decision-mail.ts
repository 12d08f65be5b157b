import type { Knex } from 'knex';
import type { EventBus } from '@esim/platform';
import type { AuthConfig } from '../config';
import type { MailOutbox } from '../mail/outbox';
import { decisionMail } from '../mail/decision-templates';
import { recordPhysicalSimReturn, recordPhysicalSimSale } from '../invoices/records';

/**
 * Every admin decision on a dealer's physical-SIM order or card return is mailed to the dealer, with
 * the reason of a rejection. The mail is queued with the inbox row, so a decision is mailed once.
 */
export function registerPhysicalSimDecisionMail(bus: EventBus, deps: { mails: MailOutbox; config: AuthConfig }): void {
  const dealer = (trx: Knex, userId: string): Promise<{ email: string; full_name: string } | undefined> =>
    trx('users').where({ id: userId }).whereNull('deleted_at').first('email', 'full_name');
  const send = (
    trx: Knex.Transaction,
    decision: Parameters<typeof decisionMail>[0],
    user: { email: string; full_name: string },
  ) =>
    deps.mails.queue(
      trx,

      decisionMail(decision, { email: user.email, fullName: user.full_name }, deps.config.PUBLIC_BASE_URL),
    );
  bus.on('physical-sim.order.approved', async (event, { trx }) => {
    // An approved order is a sale: its pending e-Arşiv invoice is written with the inbox row.
    await recordPhysicalSimSale(trx, event.payload, deps.config, new Date(event.occurredAt));
    const user = await dealer(trx, event.payload.userId);
    if (user) await send(trx, { type: 'physical-sim.order.approved', payload: event.payload }, user);
  });
  bus.on('physical-sim.order.rejected', async (event, { trx }) => {
    const user = await dealer(trx, event.payload.userId);
    if (user) await send(trx, { type: 'physical-sim.order.rejected', payload: event.payload }, user);
  });
  bus.on('physical-sim.return.approved', async (event, { trx }) => {
    await recordPhysicalSimReturn(trx, event.payload);
    const user = await dealer(trx, event.payload.userId);
    if (user) await send(trx, { type: 'physical-sim.return.approved', payload: event.payload }, user);
  });
  bus.on('physical-sim.return.rejected', async (event, { trx }) => {
    const user = await dealer(trx, event.payload.userId);
    if (user) await send(trx, { type: 'physical-sim.return.rejected', payload: event.payload }, user);
  });
}
