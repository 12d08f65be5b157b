import type { Knex } from 'knex';
import { USER_TYPE, type ListQuery, type Locale } from '@esim/contracts';
import { fieldError, publish, type Redis } from '@esim/platform';
import { PRODUCER, changeAccountStatus, createAccount, revokeAllAccess } from '../accounts/accounts';
import type { AccountStatus } from '../schemas';
import { ACCOUNT_COLUMNS, accountListPage } from '../accounts/list-page';
import { emailTaken, updateUserFields } from '../accounts/repository';
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
  tax_office: string | null;
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
  'd.tax_office',
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

/** Sorts by a figure the balance service owns: `balance_cents` (spendable) or `owed_cents` (debt). */
export const MONEY_SORTS = ['balance_cents', 'owed_cents'] as const;
export type MoneySort = (typeof MONEY_SORTS)[number];
export const isMoneySort = (field: string | undefined): field is MoneySort =>
  (MONEY_SORTS as readonly string[]).includes(field ?? '');

/** Most dealers the list puts in money order in one answer (the figures question's own limit). */
const MONEY_SORT_MAX = 20_000;

/**
 * The dealer list in the order of a money figure, over every page: this service filters (search,
 * status, sales manager) to the matching ids, the balance service answers their figures, and the
 * page is cut from the ids in that order (ties by id). One call per page, whatever page is asked.
 */
export async function listDealersByMoney(
  db: Knex,
  query: ListQuery & { sort: { field: MoneySort; order: 'ASC' | 'DESC' } },
  scope: { salesManagerId?: string },
  figuresOf: (ids: string[]) => Promise<Map<string, Record<MoneySort, number>>>,
) {
  const base = dealers(db);
  if (query.search) whereAnyContains(base, ['u.full_name', 'd.company_name', 'u.email', 'u.phone'], query.search);
  if (query.status) base.where('u.status', query.status);
  if (scope.salesManagerId) base.where('d.sales_manager_id', scope.salesManagerId);
  if (query.ids) base.whereIn('u.id', query.ids);
  const ids = (await base.clone().orderBy('u.id').limit(MONEY_SORT_MAX).pluck('u.id')) as string[];
  const figures = await figuresOf(ids);
  const { field, order } = query.sort;
  const sign = order === 'ASC' ? 1 : -1;
  const value = (id: string) => figures.get(id)?.[field] ?? 0;
  const ordered = [...ids].sort((a, b) => sign * (value(a) - value(b)) || (a < b ? -1 : a > b ? 1 : 0));
  const pageIds = ordered.slice(query.offset, query.offset + query.limit);
  const rows = pageIds.length ? ((await base.clone().whereIn('u.id', pageIds).select(columns)) as Dealer[]) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { items: pageIds.map((id) => byId.get(id)).filter((row): row is Dealer => Boolean(row)), total: ids.length };
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
  taxOffice?: string | null;
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
    tax_office: input.taxOffice ?? null,
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
  if (!(await changeAccountStatus(trx, redis, dealer.id, dealer.status, status))) return dealer;
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
  tax_office?: string | null;
  address?: string | null;
  sales_manager_id?: string | null;
  status?: AccountStatus;
}

const USER_FIELDS = ['email', 'full_name', 'phone'] as const;
const PROFILE_FIELDS = ['company_name', 'tax_number', 'tax_office', 'address', 'sales_manager_id'] as const;

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

  await updateUserFields(trx, id, userChanges, meta.locale);
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
