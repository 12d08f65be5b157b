import { randomBytes } from 'node:crypto';

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

export type IdentifierProblem =
  'iccid_format' | 'iccid_prefix' | 'iccid_luhn' | 'serial_format' | 'eid_format' | 'eid_checksum';

/** ICCID: 19 or 20 digits, starting 89 (telecom), Luhn-valid. */
export function iccidProblem(value: string): IdentifierProblem | null {
  if (!isDigits(value, 19, 20)) return 'iccid_format';
  if (!value.startsWith('89')) return 'iccid_prefix';
  if (!luhnValid(value)) return 'iccid_luhn';
  return null;
}

/** Serial number: 6 or more digits (docs/product.md, The balance check); 32 at most. */
export function serialProblem(value: string): IdentifierProblem | null {
  return isDigits(value, 6, 32) ? null : 'serial_format';
}

/** EID: 32 digits whose value mod 97 is 1 (the ISO 7064 check of SGP.22). */
export function eidProblem(value: string): IdentifierProblem | null {
  if (!isDigits(value, 32, 32)) return 'eid_format';
  return mod97(value) === 1 ? null : 'eid_checksum';
}

/**
 * `count` time-ordered card ids for one bulk insert (UUID version 7, RFC 9562, with a counter:
 * method 1 of its section 6.2), rising strictly in the order given: the Unix time in ms, then a
 * 26-bit counter from a random start (the 12 rand_a bits and the first 14 rand_b bits), then 48
 * random bits. Rising ids land at the right edge of the primary key and list indexes, where
 * PostgreSQL appends cheaply; the cards table's uuid_v7() default makes the same kind of id.
 */
export function uuidV7Batch(count: number, now = Date.now()): string[] {
  if (count > 1 << 25) throw new RangeError('uuidV7Batch: at most 2^25 ids at once');
  const time = now.toString(16).padStart(12, '0');
  const prefix = `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
  const random = randomBytes(6 * count).toString('hex');
  const start = randomBytes(4).readUInt32BE(0) >>> 7; // below 2^25: start + count stays in 26 bits
  const ids = new Array<string>(count);
  for (let k = 0; k < count; k += 1) {
    const counter = start + k;
    ids[k] =
      `${prefix}${(counter >>> 14).toString(16).padStart(3, '0')}-${(0x8000 | (counter & 0x3fff)).toString(16)}-${random.slice(12 * k, 12 * k + 12)}`;
  }
  return ids;
}

/**
 * A digit string's value mod 97 (no BigInt per imported row). The running value is reduced only
 * when it passes 10^14, so it stays an exact integer (below 2^53) with a few divisions per EID.
 */
export function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 1) {
    rest = rest * 10 + digits.charCodeAt(i) - 48;
    if (rest >= 1e14) rest %= 97;
  }
  return rest % 97;
}

/** Only ASCII digits, min to max of them (as /^\d{min,max}$/, without a regex per imported cell). */
function isDigits(value: string, min: number, max: number): boolean {
  const length = value.length;
  if (length < min || length > max) return false;
  for (let i = 0; i < length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
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
