/**
 * A physical SIM card's statuses, in a module of their own without schemas: a screen that only
 * lists them (the back office's stock filters) does not load zod with them.
 */
export const CARD_STATUSES = [
  'in_stock',
  'reserved',
  'assigned',
  'sold',
  'activated',
  'returned',
  'defective',
  'lost',
] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
