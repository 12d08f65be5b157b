import type { AuthUser } from '@esim/platform';
import { AppError, notFound } from '@esim/platform';
import type { Knex } from 'knex';

/** The local copy of auth's dealers (fed by auth.dealer.* events): who the dealer is and which sales manager owns them. */
export interface DealerRow {
  dealer_id: string;
  sales_manager_id: string | null;
  email: string | null;
  full_name: string | null;
  company_name: string | null;
  status: string;
}

export async function findDealer(db: Knex | Knex.Transaction, dealerId: string, options: { lock?: boolean } = {}) {
  const query = db('dealers')
    .select<DealerRow[]>('dealer_id', 'sales_manager_id', 'email', 'full_name', 'company_name', 'status')
    .where({ dealer_id: dealerId })
    .whereNull('deleted_at');
  if (options.lock) void query.forUpdate();
  const [row] = await query;
  return row;
}

/**
 * The dealer, if the caller may price for them: an admin any dealer, a sales manager only their
 * own (403 otherwise). A dealer this service has not heard of (or one deleted) is a 404.
 */
export async function dealerForCaller(
  db: Knex | Knex.Transaction,
  dealerId: string,
  caller: AuthUser,
  options: { lock?: boolean } = {},
) {
  const dealer = await findDealer(db, dealerId, options);
  if (!dealer) throw notFound('dealer_not_found');
  if (caller.role === 'sales-manager' && dealer.sales_manager_id !== caller.id)
    throw new AppError(403, 'dealer_not_yours');
  if (caller.role !== 'admin' && caller.role !== 'sales-manager') throw new AppError(403, 'forbidden');
  return dealer;
}
