import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

export interface ClientInfo {
  /** The caller's address: rate-limit key and the X-Forwarded-For the services read. */
  ip(request: FastifyRequest): string;
  /** http or https as the caller used it. */
  proto(request: FastifyRequest): string;
}

/**
 * The gateway is the edge: it believes forwarding headers only from the proxies listed in
 * TRUSTED_PROXIES (none by default). The services in turn believe the address the gateway passes
 * on only because it comes with the internal credential (platform `dropUntrustedForwarding`).
 */
export function clientInfo(trustedProxies: string): ClientInfo {
  const trusted = trustedProxies
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const socketProto = (request: FastifyRequest) => ((request.raw.socket as TLSSocket).encrypted ? 'https' : 'http');
  if (trusted.length === 0) {
    return { ip: (request) => request.raw.socket.remoteAddress ?? 'unknown', proto: socketProto };
  }
  const trust = proxyAddr.compile(trusted);
  return {
    ip: (request) => proxyAddr(request.raw, trust),
    proto: (request) => {
      const forwarded = request.headers['x-forwarded-proto'];
      const peer = request.raw.socket.remoteAddress;
      return typeof forwarded === 'string' && peer && trust(peer, 0)
        ? forwarded.split(',')[0]!.trim()
        : socketProto(request);
    },
  };
}
