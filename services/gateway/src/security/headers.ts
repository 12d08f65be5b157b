import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for everything the gateway answers: the two Vite SPAs, Swagger UI and the API.
 * - scripts only from our origin (Vite emits external module scripts; Swagger UI too);
 * - inline styles allowed: MUI (emotion), Leaflet and Swagger UI set them at run time;
 * - images also from `https:` (flag and map-tile services) and `data:`/`blob:` (icons, QR codes
 *   fetched as blobs);
 * - calls only to our origin; no framing (clickjacking); referrer kept to the origin across
 *   sites, which tile servers' usage policies ask for.
 * No `upgrade-insecure-requests`: the demo runs on plain http://localhost, where it would break
 * every asset. HSTS is sent and takes effect once the site is served over https.
 */
export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: 365 * 24 * 3600, includeSubDomains: true },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * Powerful browser features the pages never use are switched off for them and anything they
 * embed: no camera, microphone, geolocation (the storefront's coverage map needs none), payment
 * request API (card payment, when it comes, is the provider's page), sensors or USB.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()';

/**
 * The headers helmet sets with these options. They do not depend on the request (no nonces), so
 * helmet runs once at start-up; @fastify/helmet would rebuild helmet's middleware chain (and
 * re-parse the CSP) on every request, a large share of a proxied request's cost.
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // helmet does not set Permissions-Policy.
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * What an API (JSON) answer needs (OWASP REST guidance): it is never rendered as a page, so the
 * document-level headers (the SPA's CSP, COOP, DNS prefetch, ...) would only add bytes to every
 * answer; it gets a deny-all CSP, no framing, no sniffing, HSTS and same-origin resource policy.
 */
export function apiSecurityHeaders(page: Record<string, string> = securityHeaders()): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
}

const PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = Object.entries(securityHeaders());
const API_HEADERS: ReadonlyArray<readonly [string, string]> = Object.entries(apiSecurityHeaders());

/** The security headers of an answer to `url`: the API's under /api, the pages' elsewhere (/api/docs is a page: Swagger UI). */
export function securityHeadersFor(url: string): ReadonlyArray<readonly [string, string]> {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') ? API_HEADERS : PAGE_HEADERS;
}

/**
 * Adds the security headers to every answer (routes, 404s and errors alike) as it is sent, each one
 * the answer did not set itself (a route or an upstream service may set its own). The proxy's direct
 * relay (proxy/forward.ts) adds the same ones itself.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    for (const [name, value] of securityHeadersFor(request.url)) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
