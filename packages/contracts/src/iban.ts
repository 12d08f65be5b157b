/**
 * IBANs (ISO 13616): the bank account customers transfer deposits to is checked by these before it
 * is saved, and a customer is never shown one that fails them in production.
 */

/** Lengths of the IBANs of countries a Turkish shop's bank is likely in; another country needs only 15-34 characters. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AE: 23,
  AT: 20,
  AZ: 28,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IT: 27,
  LT: 20,
  LU: 20,
  LV: 21,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  QA: 29,
  RO: 24,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  TR: 26,
  UA: 29,
};

/** The electronic form: no spaces, upper case ("tr33 0006 …" → "TR330006…"). */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** The remainder of the IBAN's number (country and check digits moved to the end, letters as 10-35) divided by 97. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    // Digit by digit (two for a letter), so the number never leaves safe integers.
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder;
}

/** A well-formed IBAN whose check digits are right (mod 97 is 1), of its country's length where known. */
export function isValidIban(text: string): boolean {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  return mod97(iban) === 1;
}

/** The print form people read and copy: groups of four ("TR33 0006 1005 …"). */
export function formatIban(text: string): string {
  return (
    normalizeIban(text)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
