/** What the storefront reads from the eSIM and balance services: the shapes of contracts/api/{esim,balance}.ts. */
export type { EsimOrder, EsimOrderSummary, EsimProfile } from '@contracts/api/esim';
export type { UserBalance } from '@contracts/api/balance';
