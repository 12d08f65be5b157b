/** ICCID rules: 19 or 20 digits, starting with 89 (telecom), a valid Luhn check digit. */
export const ICCID_SHAPE = /^[0-9]{19,20}$/;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidIccid(value: string): boolean {
  return ICCID_SHAPE.test(value) && value.startsWith('89') && luhnValid(value);
}

/** Appends the Luhn check digit to a body of digits (seeds and tests make valid ICCIDs with it). */
export function withLuhnDigit(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}
