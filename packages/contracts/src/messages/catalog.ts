import type { MessageCatalog } from './types';

/** Messages of the catalog service (codes stable on the wire, texts in Turkish and English). */
export const catalogMessages = {} satisfies MessageCatalog;
