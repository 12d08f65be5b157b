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
 * The platform builds every app with `trustProxy: true` (right for services, which only the
 * gateway calls), so `request.ip` would believe any X-Forwarded-For a client sends. The gateway
 * is the edge: it believes forwarding headers only from the proxies listed in TRUSTED_PROXIES.
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
      return typeof forwarded === 'string' && peer && trust(peer, 0) ? forwarded.split(',')[0]!.trim() : socketProto(request);
    },
  };
}
