import { DEMO_ACCOUNTS, DEMO_PLUS_PACKAGES } from '@esim/contracts';
import type { PhysicalSimApp } from '../../services/physical-sim/src/app';
import type { System } from './system';

/**
 * The physical-card flows' view of the running system: physical-sim and balance (whose tables the
 * flows read), the demo accounts signed in through auth, and the demo Plus packages.
 */
export const DEALER = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
export const DEALER_2 = DEMO_ACCOUNTS.find((a) => a.email === 'dealer2@esim.test')!;
export const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.role === 'retail')!;
export const PLUS_EU = DEMO_PLUS_PACKAGES[0]!;
export const PLUS_GLOBAL = DEMO_PLUS_PACKAGES[1]!;
export const PLUS_TR = DEMO_PLUS_PACKAGES[2]!;

export interface PhysicalSimFlow {
  app: PhysicalSimApp;
  balance: System['services']['balance'];
  tokens: { admin: string; salesManager: string; dealer: string; dealer2: string; customer: string };
  auth(token: string, extra?: Record<string, string>): Record<string, string>;
}

export async function physicalSimFlow(system: System): Promise<PhysicalSimFlow> {
  const app = system.services['physical-sim'];
  if (!app) throw new Error('physical-sim is not running in this system');
  return {
    app: app as unknown as PhysicalSimApp,
    balance: system.services.balance,
    tokens: {
      admin: await system.login('admin@esim.test'),
      salesManager: await system.login('sales@esim.test'),
      dealer: await system.login(DEALER.email),
      dealer2: await system.login(DEALER_2.email),
      customer: await system.login(CUSTOMER.email),
    },
    auth: (value, extra = {}) => ({ authorization: `Bearer ${value}`, ...extra }),
  };
}
