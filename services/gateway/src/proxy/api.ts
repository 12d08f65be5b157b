import type { ServiceName } from '@esim/contracts';
import { AppError, type JwtVerifier } from '@esim/platform';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { GatewayConfig, UpstreamUrls } from '../config';
import { registerHealth } from '../health';
import type { ApiKeyDoor } from '../security/api-keys';
import type { LimitGroup } from '../security/rate-limits';
import type { ClientInfo } from './client-ip';
import { serviceProxy } from './forward';
import { keepRawBodies } from './raw-body';
import { API_PREFIX, methodsAt } from './route-table';

export interface ApiOptions {
  config: GatewayConfig;
  upstreams: UpstreamUrls;
  client: ClientInfo;
  limiter: (group: LimitGroup) => onRequestHookHandler;
  verifyToken: JwtVerifier;
  apiKeys?: ApiKeyDoor;
}

/** Not a table route: 405 naming the allowed methods when the path exists, else 404. */
function noRoute(request: FastifyRequest): AppError {
  const pathname = request.url.split('?', 1)[0]!;
  const methods = methodsAt(pathname.slice(API_PREFIX.length) || '/');
  if (methods.length === 0) return new AppError(404, 'route_not_found');
  const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  return new AppError(405, 'method_not_allowed', { headers: { allow: allow.join(', ') } });
}

/** Everything under `/api` (register with `prefix: API_PREFIX`). */
export async function apiRoutes(api: FastifyInstance, options: ApiOptions): Promise<void> {
  keepRawBodies(api);
  const { config, client, limiter, verifyToken, apiKeys } = options;
  for (const [service, urls] of Object.entries(options.upstreams) as [ServiceName, string[]][]) {
    await api.register(serviceProxy, { service, urls, config, client, limiter, verifyToken, apiKeys });
  }
  registerHealth(api, options.upstreams, config.HEALTH_TIMEOUT_MS);

  // Anything else under /api: answered in onRequest, before a body is read.
  const reject = async (request: FastifyRequest) => {
    throw noRoute(request);
  };
  for (const url of ['/', '/*']) api.all(url, { schema: { hide: true }, onRequest: reject }, reject);
}

/** `/internal/*` is service-to-service only: the gateway never routes it, whatever the method or body. */
export function refuseInternalRoutes(app: FastifyInstance): void {
  const reject = async () => {
    throw new AppError(404, 'route_not_found');
  };
  for (const url of ['/internal', '/internal/*']) app.all(url, { schema: { hide: true }, onRequest: reject }, reject);
}
