/**
 * What the storefront reads from the eSIM service (contracts api/esim.ts has the full shapes;
 * only the fields shown here are relied on).
 */
export interface EsimProfile {
  id: string;
  iccid: string | null;
  status: string;
  qr_url?: string | null;
  smdp_address?: string | null;
  activation_code?: string | null;
  lpa?: string | null;
  total_bytes?: number | null;
  remaining_bytes?: number | null;
  expires_at?: string | null;
}

export interface EsimOrder {
  id: string;
  order_number: string;
  status: string;
  quantity: number;
  total: number;
  currency: 'EUR';
  created_at: string;
  package: { id: string; name: string; country_codes?: string[]; validity_days?: number; data?: string };
  esims: EsimProfile[];
}

export interface UserBalance {
  balance: number;
  available: number;
  currency: 'EUR';
}
