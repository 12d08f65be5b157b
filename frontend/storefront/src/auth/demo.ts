/** The storefront's demo customer (contracts' DEMO_ACCOUNTS, role 'demo'). */
export const DEMO_EMAIL = 'demo@esim.test';
