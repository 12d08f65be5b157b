/** What the storefront reads from the eSIM service: the shapes of contracts/api/esim.ts. */
export type { EsimOrder, EsimOrderSummary, EsimProfile } from '@contracts/api/esim';

export interface UserBalance {
  balance: number;
  available: number;
  currency: 'EUR';
}
