import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a value (AES-256-GCM under a key derived from `secret` and `purpose`) before it goes where
 * others can read it, such as a supplier's token shared through Redis; `open` answers null for a
 * value sealed under another secret or tampered with, as if there were none.
 */
export function sealer(purpose: string, secret: string) {
  const key = createHash('sha256').update(`${purpose}\n${secret}`).digest();
  return {
    seal(value: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(value: string): string | null {
      try {
        const raw = Buffer.from(value, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
