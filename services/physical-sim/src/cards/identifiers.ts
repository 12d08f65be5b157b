import { randomUUID } from 'node:crypto';

/**
 * The card identifiers' format rules (ITU-T E.118 ICCID, GSMA SGP.22 EID), shared by the import
 * worker, the routes and the seed. Each check answers a message code, or null when the value is fine.
 */

/** Luhn check over a string of digits (the last one is the check digit). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` + digit Luhn-valid (used to generate demo and test ICCIDs). */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(body + d)) return String(d);
  throw new Error('unreachable');
}

export type IdentifierProblem = 'iccid_format' | 'iccid_prefix' | 'iccid_luhn' | 'serial_format' | 'eid_format' | 'eid_checksum';

/** ICCID: 19 or 20 digits, starting 89 (telecom), Luhn-valid. */
export function iccidProblem(value: string): IdentifierProblem | null {
  if (!/^\d{19,20}$/.test(value)) return 'iccid_format';
  if (!value.startsWith('89')) return 'iccid_prefix';
  if (!luhnValid(value)) return 'iccid_luhn';
  return null;
}

/** Serial number: 6 or more digits (the spec's balance-check rule); 32 at most. */
export function serialProblem(value: string): IdentifierProblem | null {
  return /^\d{6,32}$/.test(value) ? null : 'serial_format';
}

/** EID: 32 digits whose value mod 97 is 1 (the ISO 7064 check of SGP.22). */
export function eidProblem(value: string): IdentifierProblem | null {
  if (!/^\d{32}$/.test(value)) return 'eid_format';
  return mod97(value) === 1 ? null : 'eid_checksum';
}

/**
 * A time-ordered card id (UUID version 7: the Unix time in ms, then random bits), as the cards
 * table's uuid_v7() default makes them; for bulk inserts that bring their own ids.
 */
export function uuidV7(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // randomUUID(): xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx; its version digit becomes 7, the rest stays random.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}

/** A digit string's value mod 97, digit by digit (no BigInt per imported row). */
export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 1) rest = (rest * 10 + digits.charCodeAt(i) - 48) % 97;
  return rest;
}

/** Makes a valid EID from its first 30 digits (two check digits so that the number mod 97 is 1). */
export function eidWithCheck(first30: string): string {
  const check = 98n - ((BigInt(first30) * 100n) % 97n);
  return first30 + check.toString().padStart(2, '0');
}

/** Makes a valid ICCID from its body (18 or 19 digits starting 89). */
export function iccidWithCheck(body: string): string {
  return body + luhnCheckDigit(body);
}
