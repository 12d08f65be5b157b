import type { Knex } from 'knex';
import { USER_TYPE, type ListQuery, type Locale } from '@esim/contracts';
import { fieldError, publish, type Redis } from '@esim/platform';
import { PRODUCER, changeAccountStatus, createAccount } from '../accounts/accounts';
import type { AccountStatus } from '../schemas';
import { ACCOUNT_COLUMNS, accountListPage } from '../accounts/list-page';
import { emailTaken, updateUserFields } from '../accounts/repository';
import type { Meta } from '../dealers/dealers';
import { whereAnyContains } from '../accounts/search';

/** A sales manager as the back office sees it; its id is its user id. */
export interface SalesManager {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  region: string | null;
  status: AccountStatus;
  dealer_count: number;
  created_at: Date;
  updated_at: Date;
}

type Queryable = Knex | Knex.Transaction;

function salesManagers(db: Queryable) {
  return db('users as u')
    .join('sales_manager_profiles as p', 'p.user_id', 'u.id')
    .where('u.user_type', USER_TYPE.salesManager)
    .whereNull('u.deleted_at');
}

function columns(db: Queryable) {
  return [
    ...ACCOUNT_COLUMNS,
    'p.region',
    db.raw(
      `(SELECT count(*)::int FROM dealer_profiles d JOIN users du ON du.id = d.user_id
         WHERE d.sales_manager_id = u.id AND du.deleted_at IS NULL) AS dealer_count`,
    ),
  ];
}

const SORTABLE = {
  id: 'u.id',
  full_name: 'u.full_name',
  email: 'u.email',
  phone: 'u.phone',
  region: 'p.region',
  status: 'u.status',
  created_at: 'u.created_at',
  dealer_count: 'dealer_count',
};

export async function listSalesManagers(db: Knex, query: ListQuery) {
  const base = salesManagers(db);
  if (query.search) whereAnyContains(base, ['u.full_name', 'u.email', 'u.phone'], query.search);
  if (query.status) base.where('u.status', query.status);
  if (query.ids) base.whereIn('u.id', query.ids);
  return accountListPage<SalesManager>(base, query, columns(db), SORTABLE);
}

export async function findSalesManager(db: Queryable, id: string): Promise<SalesManager | undefined> {
  return (await salesManagers(db).where('u.id', id).first(columns(db))) as SalesManager | undefined;
}

export async function getSalesManager(db: Queryable, id: string, locale: Locale): Promise<SalesManager> {
  const found = await findSalesManager(db, id);
  if (!found) throw fieldError(404, 'sales_manager_not_found', 'id', locale);
  return found;
}

export interface NewSalesManager {
  id?: string;
  email: string;
  fullName: string;
  passwordHash: string;
  phone?: string | null;
  region?: string | null;
}

/** Account + profile + auth.user.registered + auth.sales-manager.created in the caller's transaction. */
export async function createSalesManager(
  trx: Knex.Transaction,
  input: NewSalesManager,
  meta: Meta,
): Promise<SalesManager> {
  const user = await createAccount(
    trx,
    {
      id: input.id,
      email: input.email,
      fullName: input.fullName,
      passwordHash: input.passwordHash,
      userType: USER_TYPE.salesManager,
      phone: input.phone,
    },
    meta,
  );
  await trx('sales_manager_profiles').insert({ user_id: user.id, region: input.region ?? null });
  const created = (await findSalesManager(trx, user.id))!;
  await publishSalesManager(trx, 'auth.sales-manager.created', created, meta);
  return created;
}

async function publishSalesManager(
  trx: Knex.Transaction,
  type: 'auth.sales-manager.created' | 'auth.sales-manager.updated',
  manager: SalesManager,
  meta: Meta,
): Promise<void> {
  await publish(trx, PRODUCER, {
    type,
    aggregateId: manager.id,
    correlationId: meta.correlationId,
    payload: {
      salesManagerId: manager.id,
      userId: manager.id,
      email: manager.email,
      fullName: manager.full_name,
      status: manager.status,
    },
  });
}

export interface SalesManagerPatch {
  full_name?: string;
  email?: string;
  phone?: string | null;
  region?: string | null;
}

/**
 * Applies the fields present in the patch (react-admin sends the whole record: unchanged fields
 * change nothing) and tells the other services when something they keep changed.
 */
export async function updateSalesManager(
  trx: Knex.Transaction,
  id: string,
  patch: SalesManagerPatch,
  meta: Meta,
): Promise<SalesManager> {
  await trx('users').where({ id }).forUpdate().first('id');
  const before = await getSalesManager(trx, id, meta.locale);
  const changed = (key: keyof SalesManagerPatch) => patch[key] !== undefined && patch[key] !== before[key];
  const userChanges = Object.fromEntries(
    (['full_name', 'email', 'phone'] as const).filter(changed).map((key) => [key, patch[key]]),
  );
  if (userChanges.email && (await emailTaken(trx, userChanges.email as string, id))) {
    throw fieldError(409, 'user_already_exists', 'email', meta.locale);
  }
  await updateUserFields(trx, id, userChanges, meta.locale);
  if (changed('region')) {
    await trx('sales_manager_profiles').where({ user_id: id }).update({ region: patch.region });
    await trx('users').where({ id }).update({ updated_at: trx.fn.now() });
  }
  const after = await getSalesManager(trx, id, meta.locale);
  if (after.full_name !== before.full_name || after.email !== before.email)
    await publishSalesManager(trx, 'auth.sales-manager.updated', after, meta);
  return after;
}

/**
 * Suspends or reactivates, as dealers are: a suspended sales manager is signed out everywhere at
 * once and refused at sign-in. Their dealers stay theirs. No change, no event.
 */
export async function applySalesManagerStatus(
  trx: Knex.Transaction,
  redis: Redis,
  manager: SalesManager,
  status: AccountStatus,
  meta: Meta,
): Promise<SalesManager> {
  if (!(await changeAccountStatus(trx, redis, manager.id, manager.status, status))) return manager;
  const after = { ...manager, status };
  await publishSalesManager(trx, 'auth.sales-manager.updated', after, meta);
  return after;
}
