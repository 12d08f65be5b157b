import type { EsimOrder, EsimProfile } from '@esim/contracts';

export type { EsimOrder, EsimProfile };

/** The eSIM profiles of an order record (packages/contracts/src/api/esim.ts); a summary row has none. */
export function esimsOf(order: unknown): EsimProfile[] {
  const esims = (order as { esims?: unknown } | undefined)?.esims;
  return Array.isArray(esims) ? (esims as EsimProfile[]) : [];
}
