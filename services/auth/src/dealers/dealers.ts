import type { Knex } from 'knex';
import { USER_TYPE, type ListQuery, type Locale } from '@esim/contracts';
import { fieldError, publish, type Redis } from '@esim/platform';
import { PRODUCER, createAccount, revokeAllAccess } from '../accounts/accounts';
import type { AccountStatus } from '../schemas';
import { ACCOUNT_COLUMNS, accountListPage } from '../accounts/list-page';
import { emailTaken, isEmailConflict } from '../accounts/repository';
import { whereAnyContains } from '../accounts/search';

type Queryable = Knex | Knex.Transaction;

/** A dealer as the back office sees it. Its id is its user id (other services key dealers by it). */
export interface Dealer {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  company_name: string;
  tax_number: string | null;
  address: string | null;
  sales_manager_id: string | null;
  sales_manager_name: string | null;
  status: AccountStatus;
  created_at: Date;
  updated_at: Date;
}

export interface Meta {
  locale: Locale;
  correlationId?: string;
}

const columns = [
  ...ACCOUNT_COLUMNS,
  'd.company_name',
  'd.tax_number',
  'd.address',
  'd.sales_manager_id',
  'sm.full_name as sales_manager_name',
];

function dealers(db: Queryable) {
  return db('users as u')
    .join('dealer_profiles as d', 'd.user_id', 'u.id')
    .leftJoin('users as sm', 'sm.id', 'd.sales_manager_id')
    .where('u.user_type', USER_TYPE.dealer)
    .whereNull('u.deleted_at');
}

const SORTABLE = {
  id: 'u.id',
  full_name: 'u.full_name',
  email: 'u.email',
  phone: 'u.phone',
  company_name: 'd.company_name',
  status: 'u.status',
  sales_manager_id: 'd.sales_manager_id',
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
};

/** Dealer list: search over name, company, email and phone; status; one sales manager's dealers; paging. */
export async function listDealers(db: Knex, query: ListQuery, scope: { salesManagerId?: string } = {}) {
  const base = dealers(db);
  if (query.search) whereAnyContains(base, ['u.full_name', 'd.company_name', 'u.email', 'u.phone'], query.search);
  if (query.status) base.where('u.status', query.status);
  if (scope.salesManagerId) base.where('d.sales_manager_id', scope.salesManagerId);
  // react-admin's getMany: only the dealers asked for.
  if (query.ids) base.whereIn('u.id', query.ids);
  return accountListPage<Dealer>(base, query, columns, SORTABLE);
}

export async function findDealer(db: Queryable, id: string): Promise<Dealer | undefined> {
  return (await dealers(db).where('u.id', id).first(columns)) as Dealer | undefined;
}

export async function getDealer(db: Queryable, id: string, locale: Locale): Promise<Dealer> {
  const dealer = await findDealer(db, id);
  if (!dealer) throw fieldError(404, 'dealer_not_found', 'id', locale);
  return dealer;
}

/** A live sales manager must own the dealer; anything else names the field. */
export async function assertSalesManager(db: Queryable, id: string, locale: Locale): Promise<void> {
  const found = await db('users').where({ id, user_type: USER_TYPE.salesManager }).whereNull('deleted_at').first('id');
  if (!found) throw fieldError(422, 'sales_manager_not_found', 'sales_manager_id', locale);
}

/** What other services keep of a dealer (events carry it). */
function dealerPayload(dealer: Dealer) {
  return {
    dealerId: dealer.id,
    userId: dealer.id,
    email: dealer.email,
    fullName: dealer.full_name,
    companyName: dealer.company_name,
    phone: dealer.phone,
    status: dealer.status,
    salesManagerId: dealer.sales_manager_id,
  };
}

export async function publishDealerUpdated(trx: Knex.Transaction, dealer: Dealer, meta: Meta): Promise<void> {
  await publish(trx, PRODUCER, {
    type: 'auth.dealer.updated',
    aggregateId: dealer.id,
    correlationId: meta.correlationId,
    payload: dealerPayload(dealer),
  });
}

export interface NewDealer {
  id?: string;
  email: string;
  fullName: string;
  passwordHash: string;
  companyName: string;
  taxNumber?: string | null;
  phone?: string | null;
  address?: string | null;
  salesManagerId?: string | null;
  status?: AccountStatus;
}

/** Account + profile + auth.user.registered + auth.dealer.created, all in the caller's transaction. */
export async function createDealer(trx: Knex.Transaction, input: NewDealer, meta: Meta): Promise<Dealer> {
  if (input.salesManagerId) await assertSalesManager(trx, input.salesManagerId, meta.locale);
  const user = await createAccount(
    trx,
    {
      id: input.id,
      email: input.email,
      fullName: input.fullName,
      passwordHash: input.passwordHash,
      userType: USER_TYPE.dealer,
      phone: input.phone ?? null,
      status: input.status,
    },
    meta,
  );
  await trx('dealer_profiles').insert({
    user_id: user.id,
    company_name: input.companyName,
    tax_number: input.taxNumber ?? null,
    address: input.address ?? null,
    sales_manager_id: input.salesManagerId ?? null,
  });
  const dealer = await getDealer(trx, user.id, meta.locale);
  await publish(trx, PRODUCER, {
    type: 'auth.dealer.created',
    aggregateId: dealer.id,
    correlationId: meta.correlationId,
    payload: dealerPayload(dealer),
  });
  return dealer;
}

/** Suspends or reactivates; a suspended dealer is signed out everywhere at once. No change, no event. */
export async function applyDealerStatus(
  trx: Knex.Transaction,
  redis: Redis,
  dealer: Dealer,
  status: AccountStatus,
  meta: Meta,
): Promise<Dealer> {
  if (dealer.status === status) return dealer;
  await trx('users').where({ id: dealer.id }).update({ status, updated_at: trx.fn.now() });
  if (status === 'suspended') await revokeAllAccess(trx, redis, dealer.id, 'suspended');
  await publish(trx, PRODUCER, {
    type: 'auth.dealer.status-changed',
    aggregateId: dealer.id,
    correlationId: meta.correlationId,
    payload: { dealerId: dealer.id, userId: dealer.id, status, previousStatus: dealer.status },
  });
  return { ...dealer, status };
}

export interface DealerPatch {
  email?: string;
  full_name?: string;
  phone?: string | null;
  company_name?: string;
  tax_number?: string | null;
  address?: string | null;
  sales_manager_id?: string | null;
  status?: AccountStatus;
}

const USER_FIELDS = ['email', 'full_name', 'phone'] as const;
const PROFILE_FIELDS = ['company_name', 'tax_number', 'address', 'sales_manager_id'] as const;

/**
 * Applies the fields present in the patch (react-admin sends the whole record: unchanged
 * fields change nothing). Publishes auth.dealer.updated only when something other services keep changed.
 */
export async function updateDealer(
  trx: Knex.Transaction,
  redis: Redis,
  id: string,
  patch: DealerPatch,
  meta: Meta,
): Promise<Dealer> {
  await trx('users').where({ id }).forUpdate().first('id');
  const before = await getDealer(trx, id, meta.locale);
  const changed = <K extends keyof Dealer>(key: K, value: unknown): boolean =>
    value !== undefined && value !== before[key];

  const userChanges = Object.fromEntries(USER_FIELDS.filter((f) => changed(f, patch[f])).map((f) => [f, patch[f]]));
  const profileChanges = Object.fromEntries(
    PROFILE_FIELDS.filter((f) => changed(f, patch[f])).map((f) => [f, patch[f]]),
  );
  if (userChanges.email && (await emailTaken(trx, userChanges.email as string, id))) {
    throw fieldError(409, 'user_already_exists', 'email', meta.locale);
  }
  if (profileChanges.sales_manager_id)
    await assertSalesManager(trx, profileChanges.sales_manager_id as string, meta.locale);

  if (Object.keys(userChanges).length) {
    try {
      await trx.transaction(async (sp) =>
        sp('users')
          .where({ id })
          .update({ ...userChanges, updated_at: sp.fn.now() }),
      );
    } catch (error) {
      if (isEmailConflict(error)) throw fieldError(409, 'user_already_exists', 'email', meta.locale);
      throw error;
    }
  }
  if (Object.keys(profileChanges).length) {
    await trx('dealer_profiles').where({ user_id: id }).update(profileChanges);
    await trx('users').where({ id }).update({ updated_at: trx.fn.now() });
  }
  let after = await getDealer(trx, id, meta.locale);
  if (Object.keys(userChanges).length || Object.keys(profileChanges).length)
    await publishDealerUpdated(trx, after, meta);
  if (patch.status) after = await applyDealerStatus(trx, redis, after, patch.status, meta);
  return after;
}

/**
 * Soft delete: the id stays meaningful in other services' records, the email becomes free,
 * every session ends. The caller has already made sure the dealer holds no money or stock.
 */
export async function softDeleteDealer(trx: Knex.Transaction, redis: Redis, dealer: Dealer, meta: Meta): Promise<void> {
  const deleted = await trx('users')
    .where({ id: dealer.id })
    .whereNull('deleted_at')
    .update({ deleted_at: trx.fn.now(), updated_at: trx.fn.now() });
  if (!deleted) throw fieldError(404, 'dealer_not_found', 'id', meta.locale);
  await revokeAllAccess(trx, redis, dealer.id, 'deleted');
  await publish(trx, PRODUCER, {
    type: 'auth.dealer.deleted',
    aggregateId: dealer.id,
    correlationId: meta.correlationId,
    payload: { dealerId: dealer.id, userId: dealer.id },
  });
}
