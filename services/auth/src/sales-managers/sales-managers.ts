import type { Knex } from 'knex';
import { USER_TYPE, type ListQuery } from '@esim/contracts';
import { publish } from '@esim/platform';
import { PRODUCER, createAccount } from '../accounts/accounts';
import type { AccountStatus } from '../schemas';
import { ACCOUNT_COLUMNS, accountListPage } from '../accounts/list-page';
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
  await publish(trx, PRODUCER, {
    type: 'auth.sales-manager.created',
    aggregateId: user.id,
    correlationId: meta.correlationId,
    payload: {
      salesManagerId: user.id,
      userId: user.id,
      email: user.email,
      fullName: user.full_name,
      status: user.status,
    },
  });
  return (await findSalesManager(trx, user.id))!;
}
