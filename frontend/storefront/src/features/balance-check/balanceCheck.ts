import type { BalanceCheckResult } from '@esim/contracts';
import { BALANCE_CHECK_STATUSES, balanceCheckStatusColor, type BalanceCheckStatus } from '@esim/contracts';
import { apiRequest, ApiError } from '../../api/client';

export type SimType = 'esim' | 'physical';
export type BalanceStatus = BalanceCheckStatus;

/** The balance-check result (docs/product.md, The balance check); data amounts in MB. */
export type BalanceResult = BalanceCheckResult;

/** An ICCID's own check: 19 or 20 digits starting 89, with a valid Luhn check digit (docs/product.md). */
export function isIccid(value: string): boolean {
  if (!/^89\d{17,18}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i += 1) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The number is upper-cased; an eSIM is looked up by its order number or, 19-20 digits, its ICCID.
 * The messages are keys of the balance namespace.
 */
export function validateBalanceNumber(
  type: SimType,
  raw: string,
): { value: string; error?: 'empty' | 'invalidEsim' | 'invalidIccid' | 'invalidPhysical' } {
  const value = raw.replace(/\s+/g, '').toUpperCase();
  if (!value) return { value, error: 'empty' };
  if (type === 'esim' && /^\d{19,20}$/.test(value) && !isIccid(value)) return { value, error: 'invalidIccid' };
  if (type === 'esim' && !/^[A-Z0-9]{8,}$/.test(value)) return { value, error: 'invalidEsim' };
  if (type === 'physical' && !/^\d{6,}$/.test(value)) return { value, error: 'invalidPhysical' };
  return { value };
}

/** Badge colour per status, from the one balance-check colour rule in contracts. */
export function statusColor(status: string): 'success' | 'default' | 'error' | 'info' {
  return balanceCheckStatusColor(status as BalanceStatus) as 'success' | 'default' | 'error' | 'info';
}

type Raw = Record<string, unknown>;
const pick = (raw: Raw, ...keys: string[]) => keys.map((k) => raw[k]).find((v) => v !== undefined && v !== null);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value ?? 0) || 0);
const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** The services' answer (snake_case or camelCase) in the result's shape. */
export function normalizeBalance(type: SimType, number: string, raw: Raw): BalanceResult {
  const total = num(pick(raw, 'totalData', 'total_data', 'total_mb', 'total_data_mb'));
  const remaining = num(pick(raw, 'remainingData', 'remaining_data', 'remaining_mb', 'remaining_data_mb'));
  const usedRaw = pick(raw, 'usedData', 'used_data', 'used_mb', 'used_data_mb');
  const status = str(pick(raw, 'status'));
  return {
    type,
    orderNumber: str(pick(raw, 'orderNumber', 'order_number', 'serial', 'serial_number')) || number,
    status: ((BALANCE_CHECK_STATUSES as readonly string[]).includes(status) ? status : 'inactive') as BalanceStatus,
    packageName: str(pick(raw, 'packageName', 'package_name')),
    totalData: total,
    usedData: usedRaw === undefined ? Math.max(total - remaining, 0) : num(usedRaw),
    remainingData: remaining,
    activationDate: (pick(raw, 'activationDate', 'activation_date', 'activated_at') as string | undefined) ?? null,
    expiryDate: (pick(raw, 'expiryDate', 'expiry_date', 'expires_at') as string | undefined) ?? null,
    country: str(pick(raw, 'country', 'country_name')),
    operator: str(pick(raw, 'operator')),
    demo: pick(raw, 'demo') === true,
    // An eSIM's package and top-ups, as the service sent them.
    ...(Array.isArray(raw.bundles) ? { bundles: raw.bundles as BalanceResult['bundles'] } : {}),
  };
}

export type BalanceOutcome =
  { kind: 'ok'; result: BalanceResult } | { kind: 'notFound' } | { kind: 'failed'; message?: string; error?: unknown };

/** Queries the public balance route of the SIM type; 404 and no answer are "not found" (demo data only for the seeded demo numbers, from the server). */
export async function checkBalance(type: SimType, number: string): Promise<BalanceOutcome> {
  const path =
    type === 'esim'
      ? `/public/balance/esim/${encodeURIComponent(number)}`
      : `/public/balance/physical-sim/${encodeURIComponent(number)}`;
  try {
    const answer = await apiRequest<Raw>(path);
    if (!answer.success || !answer.data) return { kind: 'notFound' };
    return { kind: 'ok', result: normalizeBalance(type, number, answer.data) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.isNetwork)) return { kind: 'notFound' };
    return { kind: 'failed', message: error instanceof ApiError ? error.message : undefined, error };
  }
}
