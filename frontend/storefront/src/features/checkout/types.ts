/** What the storefront reads from the eSIM and balance services: the shapes of contracts/api/{esim,balance}.ts. */
export type { EsimOrder, EsimOrderSummary, EsimProfile } from '@esim/contracts';
export type { UserBalance } from '@esim/contracts';
