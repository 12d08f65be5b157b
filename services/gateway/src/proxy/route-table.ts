import { ROUTES, type HttpMethod, type RouteRule, type ServiceName } from '@esim/contracts';

/** Public API paths live under this prefix at the gateway; the services serve them without it. */
export const API_PREFIX = '/api';

/** The table's routes of one service. */
export function routesOf(service: ServiceName): RouteRule[] {
  return ROUTES.filter((rule) => rule.service === service);
}

/** `/admin/dealers/:id` → a regex matching one concrete path (a parameter is one non-empty segment). */
function compile(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const compiled = ROUTES.map((rule) => ({ method: rule.method, regex: compile(rule.path) }));

/**
 * Methods the table has for a concrete path (without `/api`). Only asked when the router found
 * nothing, to tell "wrong method" (405) from "no such route" (404).
 */
export function methodsAt(path: string): HttpMethod[] {
  const methods = new Set<HttpMethod>();
  for (const { method, regex } of compiled) if (regex.test(path)) methods.add(method);
  return [...methods];
}
