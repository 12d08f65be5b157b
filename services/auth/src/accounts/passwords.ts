import { fieldError } from '@esim/platform';
import argon2 from 'argon2';
import type { Locale } from '@esim/contracts';

/**
 * argon2id at one of OWASP's recommended settings (19 MiB, 2 passes, 1 lane), which keeps a sign-up
 * well under a second of server time on a small host. Stored hashes carry their own settings, so
 * hashes made with other settings still verify.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email) it still verifies against
 * a dummy hash, so an unknown account takes as long as a wrong password: no enumeration by timing.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('timing-equaliser-not-a-password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash (e.g. an account created with no usable password) never matches.
    return false;
  }
}

/** The rule the schema cannot check alone: a password must not be the account's email. */
export function assertPasswordNotEmail(password: string, email: string, locale: Locale, field = 'password'): void {
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    throw fieldError(400, 'password_equals_email', field, locale);
}
