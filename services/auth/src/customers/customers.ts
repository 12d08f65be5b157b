import type { Knex } from 'knex';
import { USER_TYPE, type ListQuery, type Locale } from '@esim/contracts';
import { fieldError } from '@esim/platform';
import type { AccountStatus } from '../schemas';
import { ACCOUNT_COLUMNS, accountListPage } from '../accounts/list-page';
import { whereAnyContains } from '../accounts/search';

/** A retail customer: an account of the public site with no profile table of its own. */
export interface Customer {
  id: string;
  email: string;
  full_name: string;
  phone: string | null;
  status: AccountStatus;
  created_at: Date;
  updated_at: Date;
}

type Queryable = Knex | Knex.Transaction;

function customers(db: Queryable) {
  return db('users as u').where('u.user_type', USER_TYPE.retail).whereNull('u.deleted_at');
}

const SORTABLE = {
  id: 'u.id',
  full_name: 'u.full_name',
  email: 'u.email',
  status: 'u.status',
  created_at: 'u.created_at',
};

/** Customer list: search over name, e-mail and phone; status; react-admin's getMany; newest first. */
export async function listCustomers(db: Knex, query: ListQuery) {
  const base = customers(db);
  if (query.search) whereAnyContains(base, ['u.full_name', 'u.email', 'u.phone'], query.search);
  if (query.status) base.where('u.status', query.status);
  if (query.ids) base.whereIn('u.id', query.ids);
  return accountListPage<Customer>(base, query, ACCOUNT_COLUMNS, SORTABLE);
}

export async function getCustomer(db: Queryable, id: string, locale: Locale): Promise<Customer> {
  const found = (await customers(db).where('u.id', id).first(ACCOUNT_COLUMNS)) as Customer | undefined;
  if (!found) throw fieldError(404, 'user_not_found', 'id', locale);
  return found;
}
