import { createHash, randomBytes } from 'node:crypto';

/**
 * One-time install link tokens: 16 random bytes (128 bits, unguessable) as 22 base64url
 * characters, short enough to type from one screen into another. Only the SHA-256 is stored: the
 * token is already unguessable, so a fast hash is enough and a stored hash opens nothing.
 */
export const newInstallToken = () => randomBytes(16).toString('base64url');

export const hashInstallToken = (token: string) => createHash('sha256').update(token).digest('hex');
