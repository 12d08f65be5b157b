/**
 * The eSIM order as the back office reads it. The esim service's response shapes come from
 * packages/contracts/src/api/esim.ts; this narrows an order record to what the screens show.
 */
export interface EsimProfile {
  id?: string;
  iccid: string;
  status?: string | null;
  expires_at?: string | null;
  total_bytes?: number | null;
  remaining_bytes?: number | null;
  package_name?: string | null;
  qr_url?: string | null;
  smdp_address?: string | null;
  activation_code?: string | null;
  ios_install_url?: string | null;
}

export function esimsOf(order: unknown): EsimProfile[] {
  const esims = (order as { esims?: unknown } | undefined)?.esims;
  return Array.isArray(esims) ? (esims as EsimProfile[]) : [];
}
