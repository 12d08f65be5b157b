import type { Knex } from 'knex';
import { DEMO_ACCOUNTS, DEMO_ESIM_ORDERS, demoAccount, USER_TYPE } from '@esim/contracts';
// The demo catalog's prices: what each demo eSIM order cost (seed data, read only).
import { DEMO_PACKAGES } from '@esim/contracts';
import { runIdempotent } from '@esim/platform';
import { collectFromDealer, collectFromSalesManager } from './collections/collections';
import { loadOnCredit, recordCashPayment } from './dealer-money/dealer-money';
import { openAccounts, receivable, salesManagerCash, spendable, type AccountSpec } from './ledger/accounts';
import { captureHold, createHold } from './ledger/holds';
import { upsertParty } from './parties/parties';
import { confirmDeposit, createDeposit } from './deposits/deposits';

const DAY = 24 * 3600 * 1000;

/**
 * Demo data (demo mode only; idempotent, so every demo start may run it): the demo people and
 * their accounts, opening balances for the two demo dealers loaded on credit, and a little history
 * (a cash payment, collections by the demo sales manager, a hand-over, customer deposits) so every
 * screen has something to show. The demo eSIM orders (DEMO_ESIM_ORDERS, seeded by the eSIM service)
 * are paid for as a real order is: a hold on the order's id, captured when it was bought. Written through the same domain functions the API uses, each step
 * under a fixed idempotency key so a second run changes nothing.
 */
export async function seedDemoData(db: Knex): Promise<void> {
  const admin = demoAccount('admin@esim.test');
  const sales = demoAccount('sales@esim.test');
  const dealer = demoAccount('dealer@esim.test');
  const dealer2 = demoAccount('dealer2@esim.test');

  const specs: AccountSpec[] = [];
  for (const person of DEMO_ACCOUNTS) {
    await upsertParty(db, {
      id: person.id,
      user_type: person.userType,
      email: person.email,
      full_name: person.fullName,
      company_name: person.companyName ?? null,
      sales_manager_id: person.salesManagerEmail ? demoAccount(person.salesManagerEmail).id : null,
      status: 'active',
    });
    if (person.userType === USER_TYPE.salesManager) specs.push(salesManagerCash(person.id));
    else specs.push(spendable(person.id));
    if (person.userType === USER_TYPE.dealer) specs.push(receivable(person.id));
  }
  await openAccounts(db, specs);

  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const step = async (key: string, work: (trx: Knex.Transaction, transferKey: string) => Promise<unknown>) =>
    runIdempotent(db, { scope: 'demo-seed', key, request: key }, async (trx) => ({
      statusCode: 200,
      body: await work(trx, `demo-seed:${key}`),
    }));
  const byAdmin = { id: admin.id, role: 'admin' };

  await step('dealer-opening-balance', (trx, key) =>
    loadOnCredit(trx, {
      dealerId: dealer.id,
      amountCents: 500_00,
      note: 'Açılış bakiyesi',
      actorId: admin.id,
      idempotencyKey: key,
      at: ago(20),
    }),
  );
  await step('dealer2-opening-balance', (trx, key) =>
    loadOnCredit(trx, {
      dealerId: dealer2.id,
      amountCents: 250_00,
      note: 'Açılış bakiyesi',
      actorId: admin.id,
      idempotencyKey: key,
      at: ago(20),
    }),
  );
  await step('dealer-cash-payment', (trx, key) =>
    recordCashPayment(trx, {
      dealerId: dealer.id,
      amountCents: 100_00,
      note: 'Ofiste nakit ödeme',
      load: false,
      actorId: admin.id,
      idempotencyKey: key,
      at: ago(12),
    }),
  );
  await step('dealer2-collection', (trx, key) =>
    collectFromDealer(trx, {
      salesManagerId: sales.id,
      dealerId: dealer2.id,
      amountCents: 50_00,
      note: 'Haftalık tahsilat',
      actor: { id: sales.id, role: 'sales-manager' },
      idempotencyKey: key,
      at: ago(6),
    }),
  );
  await step('dealer-collection', (trx, key) =>
    collectFromDealer(trx, {
      salesManagerId: sales.id,
      dealerId: dealer.id,
      amountCents: 75_50,
      note: 'Haftalık tahsilat',
      actor: { id: sales.id, role: 'sales-manager' },
      idempotencyKey: key,
      at: ago(2),
    }),
  );
  await step('sales-handover', (trx, key) =>
    collectFromSalesManager(trx, {
      salesManagerId: sales.id,
      amountCents: 50_00,
      note: 'Merkeze teslim',
      actor: byAdmin,
      idempotencyKey: key,
      at: ago(1),
    }),
  );

  for (const email of ['customer@esim.test', 'demo@esim.test']) {
    const customer = demoAccount(email);
    // The step keeps the key earlier seeds wrote, so a database seeded before is not given a second deposit.
    const created = await step(`top-up-${email}`, (trx) =>
      createDeposit(trx, { userId: customer.id, amountCents: 100_00, method: 'bank_transfer', at: ago(25) }),
    );
    await confirmDeposit(db, (created.body as { id: string }).id, admin.id, { at: ago(25) });
  }

  for (const order of DEMO_ESIM_ORDERS) {
    const priceCents = DEMO_PACKAGES.find((p) => p.code === order.code)!.retailCents;
    const user = demoAccount(order.email);
    await step(`esim-order-${order.number}`, async (trx) => {
      const at = ago(order.boughtDaysAgo);
      const { holdId } = await createHold(trx, {
        orderId: order.id,
        userId: user.id,
        amountCents: priceCents,
        reference: `eSIM ${order.number}`,
        at,
      });
      return captureHold(trx, holdId, { createdBy: 'service', at });
    });
  }
}
