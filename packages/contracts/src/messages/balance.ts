import type { MessageCatalog } from './types';

/** Messages of the balance service (codes stable on the wire, texts in Turkish and English). */
export const balanceMessages = {} satisfies MessageCatalog;
