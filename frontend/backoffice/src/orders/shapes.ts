import type { EsimOrder, EsimProfile } from '@esim/contracts';

export type { EsimOrder, EsimProfile };

/** The eSIM profiles of an order record (packages/contracts/src/api/esim.ts); a summary row has none. */
export function esimsOf(order: unknown): EsimProfile[] {
  const esims = (order as { esims?: unknown } | undefined)?.esims;
  return Array.isArray(esims) ? (esims as EsimProfile[]) : [];
}

/**
 * Refunded or revoked: the eSIM is withdrawn and the service sends none of its code (activation
 * code, SM-DP+ address, QR, iPhone link are null). One whose code is missing for any other reason is shown the same way.
 */
export const isWithdrawn = (esim: Pick<EsimProfile, 'status' | 'activation_code'>) =>
  esim.status === 'refunded' || esim.status === 'revoked' || esim.activation_code === null;
