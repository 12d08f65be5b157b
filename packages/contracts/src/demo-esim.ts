import { DEMO_LOOKUPS } from './demo';

/**
 * The demo eSIM orders (demo mode only): completed orders of the demo and customer accounts under
 * fixed ids and order numbers. The eSIM service seeds the orders and their profiles; the balance
 * service seeds what paid for them (a hold on the order's id, captured), so the ledger, the order
 * list and the home's spending agree. Never seeded in production.
 */
export interface DemoEsimOrder {
  id: string;
  number: string;
  email: string;
  /** A package of the demo catalog; the order costs its retail price. */
  code: string;
  /** Share of the package's data used (0..1), and when it was activated (days ago); null: never used. */
  used: number;
  activatedDaysAgo: number | null;
  boughtDaysAgo: number;
}

/** The three printed at start-up (DEMO_LOOKUPS: active, nearly used, expired) and two more of the demo account. */
export const DEMO_ESIM_ORDER_NUMBERS = {
  ...DEMO_LOOKUPS.esimOrderNumbers,
  demoRegional: 'DEMO5F7J3L8P',
  demoFresh: 'DEMO2C6D9G4Y',
} as const;

export const DEMO_ESIM_ORDERS: readonly DemoEsimOrder[] = [
  {
    id: '00000000-0000-4000-a000-000000000201',
    number: DEMO_ESIM_ORDER_NUMBERS.active,
    email: 'customer@esim.test',
    code: 'TR-15D-5GB',
    used: 0.24,
    activatedDaysAgo: 3,
    boughtDaysAgo: 4,
  },
  {
    id: '00000000-0000-4000-a000-000000000202',
    number: DEMO_ESIM_ORDER_NUMBERS.nearlyUsed,
    email: 'demo@esim.test',
    code: 'US-7D-3GB',
    used: 0.95,
    activatedDaysAgo: 5,
    boughtDaysAgo: 6,
  },
  {
    id: '00000000-0000-4000-a000-000000000203',
    number: DEMO_ESIM_ORDER_NUMBERS.expired,
    email: 'customer@esim.test',
    code: 'DE-7D-3GB',
    used: 0.6,
    activatedDaysAgo: 20,
    boughtDaysAgo: 21,
  },
  {
    id: '00000000-0000-4000-a000-000000000204',
    number: DEMO_ESIM_ORDER_NUMBERS.demoRegional,
    email: 'demo@esim.test',
    code: 'EUROPE-15D-5GB',
    used: 0.4,
    activatedDaysAgo: 2,
    boughtDaysAgo: 2,
  },
  {
    id: '00000000-0000-4000-a000-000000000205',
    number: DEMO_ESIM_ORDER_NUMBERS.demoFresh,
    email: 'demo@esim.test',
    code: 'JP-7D-3GB',
    used: 0.02,
    activatedDaysAgo: 0,
    boughtDaysAgo: 1,
  },
];
