import { createJwtVerifier, createServiceApp } from '@esim/platform';
import type { JSONWebKeySet } from 'jose';
import { loadGatewayConfig, upstreamsOf, type GatewayConfig, type Upstreams } from './config';
import { registerDocs } from './docs/docs';
import { apiRoutes, refuseInternalRoutes } from './proxy/api';
import { clientInfo } from './proxy/client-ip';
import { API_PREFIX } from './proxy/route-table';
import { createApiKeyDoor } from './security/api-keys';
import { registerSecurityHeaders } from './security/headers';
import { registerRateLimits } from './security/rate-limits';
import { createRevocationSet } from './security/revocations';
import { clearOnCatalogChange } from './proxy/catalog-changes';
import { createCountryPages } from './static/country-pages';
import { registerSpas } from './static/spa';

export const SERVICE_NAME = 'gateway';

export interface BuildOptions {
  config?: GatewayConfig;
  /** Tests verify tokens with local keys instead of the auth service's JWKS. */
  jwks?: JSONWebKeySet;
  /** Service base URLs overriding the config's (tests start services on ephemeral ports). */
  upstreams?: Partial<Upstreams>;
}

/**
 * The single entry point: `/api/*` forwarded to the owning service by the route table (with the
 * token, role and rate-limit checks at the door), `/api/health`, `/api/docs`, and the two SPAs.
 * Owns no data. `server.ts` listens; tests inject or listen on port 0.
 */
export async function buildApp(options: BuildOptions = {}) {
  const config = options.config ?? loadGatewayConfig();
  const upstreams = upstreamsOf(config, options.upstreams);
  const app = await createServiceApp({
    name: SERVICE_NAME,
    description: 'Routing, token and role checks, rate limits, security headers, API docs and the two web apps.',
    config,
    jwks: options.jwks,
    cookies: false,
  });
  // Before any child context exists, so every route (and every 404) gets the headers.
  registerSecurityHeaders(app);
  const client = clientInfo(config.TRUSTED_PROXIES);
  // The door checks (rate limit, token revocation) ask Redis on every request: with
  // auto-pipelining the commands of the requests in flight leave in one write instead of one each.
  const redis = app.redis.duplicate({ enableAutoPipelining: true });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  const limiter = await registerRateLimits(app, redis, config, client);

  // The platform's verifier: signatures checked once per token, revocation on every request, from
  // the in-memory set the revocation channel keeps (Redis itself while that set cannot be trusted).
  const revocations = createRevocationSet(redis, app.log);
  app.addHook('onClose', async () => revocations.close());
  const verifyToken = createJwtVerifier({
    jwks: options.jwks,
    jwksUrl: config.AUTH_JWKS_URL,
    redis,
    assertNotRevoked: revocations.assertNotRevoked,
  });
  // Partners' API keys, exchanged with auth for their dealer's token (docs/partner-api.md).
  const apiKeys = createApiKeyDoor({
    authUrls: upstreams.auth,
    serviceToken: config.INTERNAL_SERVICE_TOKEN,
    verify: verifyToken,
    limit: limiter.perKey,
    clientIp: (request) => client.ip(request),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    healthIntervalMs: config.UPSTREAM_HEALTH_INTERVAL_MS,
  });
  app.addHook('onClose', async () => apiKeys.close());
  await app.register(apiRoutes, { prefix: API_PREFIX, config, upstreams, client, limiter, verifyToken, apiKeys });
  refuseInternalRoutes(app);
  await registerDocs(app, upstreams, { timeoutMs: config.HEALTH_TIMEOUT_MS, ttlMs: config.DOCS_CACHE_MS });
  // A country page of a country the catalog does not sell is a 404 like any unknown path; the list lives as long as a public catalog page.
  const countryPages = createCountryPages(upstreams.catalog, {
    timeoutMs: config.HEALTH_TIMEOUT_MS,
    ttlMs: 60_000,
  });
  clearOnCatalogChange(app, countryPages, config.REDIS_PREFIX);
  await registerSpas(app, { storefront: config.STOREFRONT_DIST, backoffice: config.BACKOFFICE_DIST }, (relative) =>
    countryPages.exists(relative),
  );
  return app;
}
