import type { Knex } from 'knex';

/**
 * The ledger's accounts and their keys. Sign convention (see the ledger migration): for every
 * account `balance = credits − debits`; a transfer moves money from its debit account to its credit
 * account. What the company owes (a user's spendable balance, revenue) reads positive; what it holds
 * or is owed (a dealer's receivable, a sales manager's cash, company cash and bank) reads negative.
 * Screens show the natural figure: `owed = −receivable.balance`, `cash held = −cash.balance`.
 */
export type OwnerKind = 'user' | 'dealer' | 'sales-manager' | 'company';

export interface AccountSpec {
  key: string;
  ownerKind: OwnerKind;
  ownerId: string;
  kind: string;
  /** May the balance go below zero? A spendable balance may not go below its holds. */
  allowNegative: boolean;
  /** May it go above zero? A receivable or a sales manager's cash may not: nobody pays more than owed. */
  allowPositive: boolean;
}

export interface AccountRow {
  id: number;
  key: string;
  owner_kind: OwnerKind;
  owner_id: string;
  kind: string;
  allow_negative: boolean;
  allow_positive: boolean;
  balance: number;
  held: number;
  version: number;
  /** A dealer's receivable: the share of its credit limit last announced (0, 50, 70 or 90; dealer-money/credit-alerts.ts). */
  credit_alert_percent: number;
}

/** A user's money to spend (dealers, retail and corporate customers, admins): never below its holds. */
export const spendable = (userId: string): AccountSpec => ({
  key: `user:${userId}:spendable`,
  ownerKind: 'user',
  ownerId: userId,
  kind: 'spendable',
  allowNegative: false,
  allowPositive: true,
});

/** What a dealer owes the company for balance loaded on credit: ≤ 0, −balance is the debt. */
export const receivable = (dealerId: string): AccountSpec => ({
  key: `dealer:${dealerId}:receivable`,
  ownerKind: 'dealer',
  ownerId: dealerId,
  kind: 'receivable',
  allowNegative: true,
  allowPositive: false,
});

/** Cash a sales manager collected from dealers and has not handed over yet: ≤ 0, −balance is the cash held. */
export const salesManagerCash = (salesManagerId: string): AccountSpec => ({
  key: `sales-manager:${salesManagerId}:cash`,
  ownerKind: 'sales-manager',
  ownerId: salesManagerId,
  kind: 'cash',
  allowNegative: true,
  allowPositive: false,
});

/**
 * The company's accounts: cash (cash received by the office), bank (bank transfers received for
 * deposits), refunds (money given back on returns), and revenue (captured purchases).
 * There is no separate "credit" account: balance loaded on credit comes out of the dealer's own
 * receivable (receivable → spendable), which is exactly the debt it creates.
 */
export type CompanyAccount = 'cash' | 'bank' | 'refunds';
export const COMPANY_ACCOUNTS: readonly CompanyAccount[] = ['cash', 'bank', 'refunds'];

export const company = (name: CompanyAccount): AccountSpec => ({
  key: `company:${name}`,
  ownerKind: 'company',
  ownerId: 'company',
  kind: name,
  allowNegative: true,
  allowPositive: true,
});

/**
 * Company revenue is REVENUE_BUCKETS accounts, not one: every purchase credits revenue, and one row
 * would make every capture in the system wait for the one before it to commit. The batcher gives
 * each batch in flight its own bucket; a capture inside a caller's transaction picks one by its
 * hold id. Company revenue is the sum of the buckets (`companyRevenue`).
 */
export const REVENUE_BUCKETS = 16;

export const revenueBucket = (n: number): AccountSpec => ({
  key: `company:revenue:${String(n).padStart(2, '0')}`,
  ownerKind: 'company',
  ownerId: 'company',
  kind: 'revenue',
  allowNegative: true,
  allowPositive: true,
});

/** A bucket for a capture made inside a caller's transaction: spread evenly by the hold's random id. */
export const revenueBucketOf = (holdId: string) =>
  Number.parseInt(holdId.replace(/-/g, '').slice(-6), 16) % REVENUE_BUCKETS;

export const REVENUE_BUCKET_SPECS: readonly AccountSpec[] = Array.from({ length: REVENUE_BUCKETS }, (_, n) =>
  revenueBucket(n),
);

/** Company revenue in cents: the sum of the buckets. */
export async function companyRevenue(db: Knex | Knex.Transaction): Promise<number> {
  const [row] = (await db('accounts')
    .where({ owner_kind: 'company', kind: 'revenue' })
    .sum({ total: 'balance' })) as Array<{ total: string | null }>;
  return Number(row?.total ?? 0);
}

/**
 * Opens the accounts that do not exist yet and returns every one's id by key. Accounts are opened
 * from auth events, and again here whenever a request needs one, so a request never fails because
 * an event has not arrived yet.
 */
export async function openAccounts(
  db: Knex | Knex.Transaction,
  specs: readonly AccountSpec[],
): Promise<Map<string, number>> {
  await insertMissing(db, specs);
  const found = (await db('accounts')
    .whereIn(
      'key',
      specs.map((s) => s.key),
    )
    .select('id', 'key')) as Array<{ id: number; key: string }>;
  return new Map(found.map((row) => [row.key, row.id]));
}

async function insertMissing(db: Knex | Knex.Transaction, specs: readonly AccountSpec[]): Promise<void> {
  const unique = [...new Map(specs.map((s) => [s.key, s])).values()];
  const rows = unique.map((s) => ({
    key: s.key,
    owner_kind: s.ownerKind,
    owner_id: s.ownerId,
    kind: s.kind,
    allow_negative: s.allowNegative,
    allow_positive: s.allowPositive,
  }));
  await db('accounts').insert(rows).onConflict('key').ignore();
}

export interface CompanyAccountIds {
  cash: number;
  bank: number;
  refunds: number;
  /** Revenue bucket ids, by bucket number. */
  revenue: number[];
}

// Company accounts never change id: look them up once per pool.
const companyIdCache = new WeakMap<object, Promise<CompanyAccountIds>>();

/** Ids of the company accounts (opened if missing), cached per database pool. */
export function companyAccountIds(db: Knex): Promise<CompanyAccountIds> {
  let cached = companyIdCache.get(db);
  if (!cached) {
    cached = openAccounts(db, [...COMPANY_ACCOUNTS.map(company), ...REVENUE_BUCKET_SPECS]).then((ids) => ({
      cash: ids.get(company('cash').key)!,
      bank: ids.get(company('bank').key)!,
      refunds: ids.get(company('refunds').key)!,
      revenue: REVENUE_BUCKET_SPECS.map((spec) => ids.get(spec.key)!),
    }));
    cached.catch(() => companyIdCache.delete(db));
    companyIdCache.set(db, cached);
  }
  return cached;
}

/**
 * Opens what is missing, then locks every account FOR UPDATE in ascending id order and returns
 * them by key: what an API operation does before checking a rule and posting its transfer, so the
 * figures it checks cannot change before it commits.
 */
export async function openAndLock(
  trx: Knex.Transaction,
  specs: readonly AccountSpec[],
): Promise<Map<string, AccountRow>> {
  await insertMissing(trx, specs);
  const result = await trx.raw('SELECT * FROM accounts WHERE key = ANY(?::text[]) ORDER BY id FOR UPDATE', [
    specs.map((s) => s.key),
  ]);
  return new Map((result.rows as AccountRow[]).map((row) => [row.key, row]));
}

/** Accounts by key without opening any (a missing account simply has nothing in it). */
export async function accountsByKey(
  db: Knex | Knex.Transaction,
  keys: readonly string[],
): Promise<Map<string, AccountRow>> {
  if (keys.length === 0) return new Map();
  const rows = (await db('accounts')
    .whereIn('key', [...keys])
    .select('*')) as AccountRow[];
  return new Map(rows.map((row) => [row.key, row]));
}
