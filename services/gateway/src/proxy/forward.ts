import { Readable } from 'node:stream';
import type { RouteRule, ServiceName } from '@esim/contracts';
import {
  AppError,
  createUpstreamSet,
  isPrivateAnswer,
  NO_STORE,
  notFound,
  REQUEST_ID_HEADER,
  SERVICE_TOKEN_HEADER,
  type JwtVerifier,
  type UpstreamResponse,
} from '@esim/platform';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from '../config';
import { requireRole } from '../security/access';
import type { ApiKeyDoor } from '../security/api-keys';
import { securityHeadersFor } from '../security/headers';
import type { LimitGroup } from '../security/rate-limits';
import type { ClientInfo } from './client-ip';
import { clearOnCatalogChange } from './catalog-changes';
import { createPublicCache, type PublicCache } from './public-cache';
import { bodyWasTooLarge } from './raw-body';
import { API_PREFIX, routesOf } from './route-table';

export interface ServiceProxyOptions {
  service: ServiceName;
  /** Base URLs of the service's copies. */
  urls: string[];
  config: GatewayConfig;
  client: ClientInfo;
  limiter: (group: LimitGroup) => onRequestHookHandler;
  verifyToken: JwtVerifier;
  /** Requests made with a partner's API key (absent: such a token is refused like any bad one). */
  apiKeys?: ApiKeyDoor;
}

/** `..` or `.` as a whole segment, also percent-encoded: URL resolution would climb out of the route. */
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?=\/|$)/i;
const BODYLESS = new Set(['GET', 'HEAD']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Upstream answers a kept public page may stand in for (RFC 5861's stale-if-error). */
const STALE_IF = new Set([500, 502, 503, 504]);
/** Headers that describe one connection, not the message (RFC 9110 section 7.6.1): never passed on either way. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
];
/**
 * Never forwarded from the caller: the credential of /internal routes (only services hold it) and
 * the headers the gateway itself vouches for (request id, forwarding chain), which it sets anew.
 */
const NOT_FORWARDED = new Set([
  ...HOP_BY_HOP,
  SERVICE_TOKEN_HEADER,
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
]);
const NOT_RELAYED = new Set([...HOP_BY_HOP, 'x-powered-by']);
/** Bodies up to this size are read whole and sent in one write; larger or unsized ones stream. */
const BUFFERED_BODY_MAX = 64 * 1024;

/**
 * Whether a request may be sent again to another copy when the first never got it (or lost a
 * reused socket): safe methods, and writes carrying an Idempotency-Key, because the services
 * answer a repeated key from the stored answer. A write without a key never is: a lost socket
 * can hide a request the service did carry out. A streamed body cannot be sent twice.
 */
function repeatable(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  return (
    typeof request.headers['idempotency-key'] === 'string' &&
    (request.body === undefined || Buffer.isBuffer(request.body))
  );
}

/**
 * Registers the route table's routes of one service (under the caller's `/api` prefix) and
 * forwards each to one of that service's copies over undici keep-alive pools, `/api` stripped,
 * the body as the caller sent it. Checks at the door: the rate limit, then the token and
 * `canAccess` of the route's rule (the service checks again: second lock). Any failure to get an
 * answer (down, refused, timed out, reset) is a 503 in the caller's language, never a hang,
 * unless the public cache still holds the page.
 */
export async function serviceProxy(scope: FastifyInstance, options: ServiceProxyOptions): Promise<void> {
  const { config, client, service } = options;
  const upstreams = createUpstreamSet(options.urls, {
    connections: config.UPSTREAM_CONNECTIONS,
    bodyBufferMax: BUFFERED_BODY_MAX,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    healthIntervalMs: config.UPSTREAM_HEALTH_INTERVAL_MS,
    onChange: (upstream, healthy) =>
      healthy
        ? scope.log.info({ service, upstream }, 'upstream back in rotation')
        : scope.log.warn({ service, upstream }, 'upstream taken out of rotation'),
  });
  scope.addHook('onClose', async () => {
    await upstreams.close();
  });

  /** The caller's headers minus hop-by-hop ones, plus ours, built in one pass as the flat list undici takes. */
  const upstreamHeaders = (request: FastifyRequest): string[] => {
    const incoming = request.headers;
    // Also what the caller's Connection header names as hop-by-hop.
    const connection = incoming.connection;
    const listed =
      connection && connection !== 'keep-alive' && connection !== 'close'
        ? connection
            .toLowerCase()
            .split(',')
            .map((name) => name.trim())
        : undefined;
    const headers: string[] = [];
    for (const name in incoming) {
      const value = incoming[name];
      if (value === undefined || NOT_FORWARDED.has(name) || listed?.includes(name)) continue;
      if (typeof value === 'string') headers.push(name, value);
      else for (const item of value) headers.push(name, item);
    }
    // The service credential vouches for the forwarding headers: a service believes X-Forwarded-For only with it.
    headers.push(
      'x-request-id',
      String(request.id),
      'x-forwarded-for',
      client.ip(request),
      'x-forwarded-proto',
      client.proto(request),
      SERVICE_TOKEN_HEADER,
      config.INTERNAL_SERVICE_TOKEN,
    );
    if (incoming.host) headers.push('x-forwarded-host', incoming.host);
    return headers;
  };

  const send = (request: FastifyRequest, path: string): Promise<UpstreamResponse> =>
    upstreams.request(
      {
        path,
        method: request.method as Dispatcher.HttpMethod,
        headers: upstreamHeaders(request),
        body: BODYLESS.has(request.method) ? undefined : (request.body as Buffer | Readable | undefined),
      },
      repeatable(request),
    );

  const cache = createPublicCache(config.PUBLIC_CACHE_MAX_ENTRIES, config.PUBLIC_CACHE_STALE_IF_ERROR_SECONDS);
  if (options.service === 'catalog' && config.PUBLIC_CACHE_MAX_ENTRIES > 0)
    clearOnCatalogChange(scope, cache, config.REDIS_PREFIX);

  const forward = async (request: FastifyRequest, reply: FastifyReply, cacheable: boolean) => {
    if (cacheable && cache.serve(request, reply)) return reply;
    const url = request.url;
    const query = url.indexOf('?');
    const path = url.slice(API_PREFIX.length, query < 0 ? undefined : query);
    if (DOT_SEGMENT.test(path)) throw notFound('route_not_found');
    let response: UpstreamResponse;
    try {
      response = await send(request, query < 0 ? path : path + url.slice(query));
    } catch (error) {
      if (bodyWasTooLarge(request)) throw new AppError(413, 'payload_too_large');
      if (cacheable && cache.serveStale(request, reply)) return reply;
      throw new AppError(503, 'service_unavailable', { cause: error });
    }
    if (cacheable && STALE_IF.has(response.statusCode) && cache.serveStale(request, reply)) {
      if (response.body instanceof Readable) response.body.destroy();
      return reply;
    }
    if (relaysDirectly(request, response)) {
      if (cacheable) cache.store(request, response.statusCode, response.headers, response.body);
      relayDirectly(request, reply, response);
      return reply;
    }
    reply.code(response.statusCode);
    for (const name in response.headers) {
      if (!NOT_RELAYED.has(name)) reply.header(name, response.headers[name]);
    }
    return relayBody(request, reply, response, cacheable ? cache : undefined);
  };

  for (const rule of routesOf(options.service)) {
    const cacheable = rule.access === 'public' && rule.method === 'GET' && config.PUBLIC_CACHE_MAX_ENTRIES > 0;
    scope.route({
      method: rule.method,
      url: rule.path,
      ...(rule.bodyLimit ? { bodyLimit: rule.bodyLimit } : {}),
      schema: { hide: true },
      onRequest: doorChecks(rule, options),
      handler: (request, reply) => forward(request, reply, cacheable),
    });
  }
}

/** The common answer: to a GET, a body read whole, with a content type (what fastify's path would add otherwise). */
const relaysDirectly = (
  request: FastifyRequest,
  response: UpstreamResponse,
): response is UpstreamResponse & { body: Buffer } =>
  request.method === 'GET' &&
  Buffer.isBuffer(response.body) &&
  response.body.length > 0 &&
  response.statusCode !== 204 &&
  response.statusCode !== 304 &&
  response.headers['content-type'] !== undefined;

/** Set by the direct relay itself, whatever the upstream sent. */
const SET_BY_RELAY = new Set([...NOT_RELAYED, 'content-length', REQUEST_ID_HEADER]);

/**
 * Writes the common answer straight to Node's response with its headers as one flat list, instead
 * of fastify's header object and onSend hooks, the costliest part of the hop (decision 0015). The list is
 * what fastify's path ends with: the upstream's headers minus hop-by-hop ones, the security headers
 * the upstream did not set (security/headers.ts), the length, the request id and, on a private
 * answer, no-store (platform's onSend hooks); proxy.test.ts holds it to the HEAD of the same answer,
 * which takes fastify's path.
 */
function relayDirectly(
  request: FastifyRequest,
  reply: FastifyReply,
  response: UpstreamResponse & { body: Buffer },
): void {
  const { headers, body } = response;
  const privateAnswer = isPrivateAnswer(request, headers['set-cookie'] !== undefined);
  // A repeated header (Set-Cookie) stays one entry with its values as an array: Node writes a line for each.
  const list: Array<string | string[]> = [];
  for (const name in headers) {
    if (!SET_BY_RELAY.has(name) && !(privateAnswer && name === 'cache-control')) list.push(name, headers[name]!);
  }
  for (const [name, value] of securityHeadersFor(request.url)) if (headers[name] === undefined) list.push(name, value);
  list.push('content-length', String(body.length), REQUEST_ID_HEADER, request.id);
  if (privateAnswer) list.push('cache-control', NO_STORE);
  reply.raw.writeHead(response.statusCode, list);
  reply.raw.end(body);
}

/**
 * A small answer (nearly every JSON one) arrives read whole and is sent as one Buffer, which costs
 * far less than piping a stream; exports, QR images and anything of unknown length stream through.
 */
function relayBody(request: FastifyRequest, reply: FastifyReply, response: UpstreamResponse, cache?: PublicCache) {
  const { body } = response;
  if (
    request.method === 'HEAD' ||
    response.statusCode === 204 ||
    response.statusCode === 304 ||
    (Buffer.isBuffer(body) && body.length === 0)
  ) {
    if (body instanceof Readable) body.destroy();
    return reply.send();
  }
  if (body instanceof Readable) return reply.send(body);
  cache?.store(request, response.statusCode, response.headers, body);
  return reply.send(body);
}

/** Cheapest first, and all before the body is read: the rate limit, then token and role. */
function doorChecks(
  rule: RouteRule,
  options: ServiceProxyOptions,
): Array<onRequestHookHandler | onRequestAsyncHookHandler> {
  const hooks: Array<onRequestHookHandler | onRequestAsyncHookHandler> = [options.limiter(rule.rateLimit ?? 'api')];
  if (rule.access !== 'public')
    hooks.push(requireRole(options.verifyToken, { ...rule, access: rule.access }, options.apiKeys));
  return hooks;
}
