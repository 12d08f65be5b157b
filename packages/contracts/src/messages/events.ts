import type { MessageCatalog } from './types';

/** Messages of the event backbone's operator tools. */
export const eventMessages = {} satisfies MessageCatalog;
