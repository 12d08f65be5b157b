import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, claimOf, runClaim, type AuthUser, type RequestKey } from '@esim/platform';
import type { OrderCustomer } from '@esim/contracts';
import type { Caller } from '../caller';
import type { EsimContext } from '../context';
import { withLuhnDigit } from '../profiles/iccid';
import { orderRow } from './placing';
import { profilesOf } from './queries';
import { loadOrder, type Driven } from './saga';

const MB = 1024 * 1024;

/**
 * A sandbox API key's purchase: the same route and answer as a real one, but the order is written
 * completed at zero cost with generated demo profiles, in one transaction with its idempotency key,
 * and nothing else happens: no hold or ledger entry (balance is never called), no supplier, none of
 * the pool's stock, and no esim.order.* event, so no receipt, invoice, webhook or figure counts it.
 * The catalog is only read for the package's facts.
 */
export async function sandboxBuy(
  db: Knex,
  ctx: EsimContext,
  caller: Caller,
  input: { requestKey: RequestKey; packageId: string; quantity: number; customer?: OrderCustomer },
): Promise<Driven & { replayed: boolean }> {
  const userId = caller.user.id;
  const id = randomUUID();
  const claim = claimOf(input.requestKey, {
    scope: 'esim-buy',
    answer: { statusCode: 201, body: { order_id: id } },
  });
  const quote = await ctx.quotes.quote(
    { userId, packageId: input.packageId, quantity: input.quantity },
    caller.requestId,
  );
  const result = await runClaim<{ order_id: string }>(db, claim, async (trx) => {
    const now = new Date();
    await trx('orders').insert({
      ...orderRow({
        id,
        userId,
        quote: { ...quote, unit_price_cents: 0, total_cents: 0 },
        locale: caller.locale,
        customer: input.customer,
      }),
      // The demo pool's kind of eSIM, whoever sells the package for real.
      supplier: 'pool',
      supplier_package_id: null,
      step: 'completed',
      completed_at: now,
      // Fake profiles: never refundable, as the seeded demo orders are not.
      demo: true,
      sandbox: true,
    });
    await trx('profiles').insert(
      Array.from({ length: quote.quantity }, (_, n) => ({
        iccid: sandboxIccid(),
        smdp_address: 'smdp.sandbox.example',
        matching_id: `SANDBOX-${id.slice(0, 8).toUpperCase()}-${n + 1}`,
        package_code: quote.package.code,
        operator: 'Sandbox',
        pool_status: 'assigned',
        order_id: id,
        user_id: userId,
        status: 'inactive',
        data_total_bytes: quote.package.data_mb === null ? null : quote.package.data_mb * MB,
        data_used_bytes: 0,
        assigned_at: now,
      })),
    );
    return { statusCode: 201, body: { order_id: id } };
  });
  const order = (await loadOrder(db, result.body.order_id))!;
  return { order, profiles: await profilesOf(db, order.id), replayed: result.replayed };
}

/** 89 + 999 (a country code no operator uses) + random digits + the Luhn digit: never one of a real or pool eSIM. */
const sandboxIccid = () =>
  withLuhnDigit(`89999${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e4)).padStart(4, '0')}`);

/** A sandbox key moves no money: its refunds and top-ups are refused (the gateway refuses them first). */
export function refuseSandboxMoney(user: AuthUser): void {
  if (user.sandbox) throw new AppError(409, 'esim_sandbox_no_money');
}
