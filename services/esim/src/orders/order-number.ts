import { randomInt } from 'node:crypto';

/**
 * Order numbers open the public usage page, so they must not be guessable: 12 characters from 32
 * upper-case letters and digits (no 0/O/1/I to read them aloud) = 60 random bits from the CSPRNG.
 * They satisfy the balance check's format rule (8 or more upper-case letters or digits).
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ORDER_NUMBER_LENGTH = 12;

export function newOrderNumber(): string {
  let out = '';
  for (let i = 0; i < ORDER_NUMBER_LENGTH; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
