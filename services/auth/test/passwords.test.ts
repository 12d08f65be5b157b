import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../src/accounts/passwords';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's 19 MiB, 2 passes, 1 lane (the cost a sign-up pays on a two-core host)", async () => {
    const hash = await hashPassword('Gizli-Parola-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'Gizli-Parola-42')).toBe(true);
    expect(await verifyPassword(hash, 'gizli-parola-42')).toBe(false);
  });

  it('still verifies a password hashed at the former default cost (64 MiB, 3 passes, 4 lanes)', async () => {
    const former = await argon2.hash('Eski-Parola-7', { type: argon2.argon2id });
    expect(former).toMatch(/m=65536,p=4,t=3/);
    expect(await verifyPassword(former, 'Eski-Parola-7')).toBe(true);
    expect(await verifyPassword(undefined, 'Eski-Parola-7')).toBe(false);
  });
});
