import { DEMO_ACCOUNTS, DEMO_PASSWORD, USER_TYPE, demoAccount, type DemoAccount } from '@esim/contracts';
import type { Db } from '@esim/platform';
import type { Knex } from 'knex';
import { createAccount } from './accounts/accounts';
import { hashPassword } from './accounts/passwords';
import { createDealer } from './dealers/dealers';
import { createSalesManager } from './sales-managers/sales-managers';
import { seedDemoIdentity } from './shop/identity';

/** Sales managers before the dealers that point at them. */
const ORDER: Record<number, number> = {
  [USER_TYPE.admin]: 0,
  [USER_TYPE.salesManager]: 1,
  [USER_TYPE.dealer]: 2,
  [USER_TYPE.retail]: 3,
};

/** Each demo dealer's tax office, so its invoices read as a company's do. */
const DEMO_TAX_OFFICES: Record<string, string> = {
  'dealer@esim.test': 'Kadıköy',
  'dealer2@esim.test': 'Beşiktaş',
};

/**
 * The demo accounts from @esim/contracts (fixed ids, password DEMO_PASSWORD), created the way the
 * API creates accounts, so they publish the same events. Idempotent: an account whose id exists is
 * left alone and publishes nothing again. Demo mode only: production never seeds.
 */
export async function seedDemoData(db: Db, options: { appMode?: string } = {}): Promise<{ created: string[] }> {
  const mode = options.appMode ?? process.env.APP_MODE ?? 'demo';
  if (mode === 'production')
    throw new Error('APP_MODE is production: demo accounts are never seeded in production mode.');

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const meta = { locale: 'tr' as const, correlationId: 'demo-seed' };
  const created: string[] = [];
  const accounts = [...DEMO_ACCOUNTS].sort((a, b) => ORDER[a.userType]! - ORDER[b.userType]!);
  for (const account of accounts) {
    const made = await db.transaction(async (trx) => {
      // Two seeders starting together (several demo starts) must not both create one account.
      await trx.raw("SELECT pg_advisory_xact_lock(hashtext('auth.demo-seed'))");
      if (await trx('users').where({ id: account.id }).first('id')) return false;
      await seedAccount(trx, account, passwordHash, meta);
      return true;
    });
    if (made) created.push(account.email);
  }
  // The demo shop's brand and legal entity, unless an admin has already set the identity.
  await seedDemoIdentity(db);
  return { created };
}

async function seedAccount(
  trx: Knex.Transaction,
  account: DemoAccount,
  passwordHash: string,
  meta: { locale: 'tr'; correlationId: string },
) {
  const base = { id: account.id, email: account.email, fullName: account.fullName, passwordHash };
  if (account.userType === USER_TYPE.salesManager) {
    await createSalesManager(trx, { ...base, phone: '+90 555 000 00 02', region: 'İstanbul' }, meta);
  } else if (account.userType === USER_TYPE.dealer) {
    await createDealer(
      trx,
      {
        ...base,
        companyName: account.companyName ?? account.fullName,
        salesManagerId: account.salesManagerEmail ? demoAccount(account.salesManagerEmail).id : null,
        phone: `+90 555 000 00 ${account.id.slice(-2)}`,
        address: 'Demo Mah. Örnek Cad. No: 1, İstanbul',
        taxOffice: DEMO_TAX_OFFICES[account.email] ?? null,
      },
      meta,
    );
  } else {
    await createAccount(trx, { ...base, userType: account.userType }, meta);
  }
}
