import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SERVICE_TOKEN_HEADER } from '../auth';

/** Forwarding headers a client could use to pose as another address, host or scheme. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * Which proxies a service believes about the caller's address. The address decides the login
 * pause and every per-address limit, so a header anyone can send must not move it:
 * `X-Forwarded-For` (and -Proto/-Host) counts only when the request comes from a trusted proxy
 * address (`TRUSTED_GATEWAYS`, default loopback) AND carries the internal service credential, which
 * only the gateway and the services hold. Otherwise the headers are dropped before anything reads
 * them, and `request.ip` is the socket's address.
 *
 * Returns the value for fastify's `trustProxy` (the addresses); the hook enforces the credential.
 */
export function trustedProxyAddresses(trustedProxies: string): string[] {
  return trustedProxies
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function dropUntrustedForwarding(app: FastifyInstance, internalToken: string): void {
  const expected = Buffer.from(internalToken);
  const carriesCredential = (given: string | string[] | undefined) => {
    const buffer = Buffer.from(typeof given === 'string' ? given : '');
    return buffer.length === expected.length && timingSafeEqual(buffer, expected);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (
      headers['x-forwarded-for'] !== undefined ||
      headers['x-forwarded-proto'] !== undefined ||
      headers['x-forwarded-host'] !== undefined
    ) {
      if (!carriesCredential(headers[SERVICE_TOKEN_HEADER]))
        for (const name of FORWARDING_HEADERS) delete headers[name];
    }
    done();
  });
}
