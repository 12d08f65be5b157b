import { ROUTES, type HttpMethod, type RouteRule, type ServiceName } from '@esim/contracts';
import { MAX_PATH_PARAM_LENGTH } from '@esim/platform';

/** Public API paths live under this prefix at the gateway; the services serve them without it. */
export const API_PREFIX = '/api';

/** The table's routes of one service. */
export function routesOf(service: ServiceName): RouteRule[] {
  return ROUTES.filter((rule) => rule.service === service);
}

/** A route's path as segments: a fixed text, or a parameter (null). */
const compiled = ROUTES.map((rule) => ({
  method: rule.method,
  segments: rule.path.split('/').map((segment) => (segment.startsWith(':') ? null : segment)),
}));

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Whether a concrete path has a route's shape, as fastify's router judges it: a parameter is one
 * non-empty segment no longer, once decoded, than the router takes (a longer one has no route).
 */
function fits(segments: Array<string | null>, path: string[]): boolean {
  if (path.length !== segments.length) return false;
  return segments.every((segment, i) => {
    if (segment !== null) return path[i] === segment;
    const value = decoded(path[i]!);
    return value !== undefined && value.length > 0 && value.length <= MAX_PATH_PARAM_LENGTH;
  });
}

/**
 * Methods the table has for a concrete path (without `/api`). Only asked when the router found
 * nothing, to tell "wrong method" (405) from "no such route" (404).
 */
export function methodsAt(path: string): HttpMethod[] {
  const parts = path.split('/');
  // One trailing slash is the same route, as the table's regexes always allowed.
  if (parts.length > 2 && parts[parts.length - 1] === '') parts.pop();
  const methods = new Set<HttpMethod>();
  for (const { method, segments } of compiled) if (fits(segments, parts)) methods.add(method);
  return [...methods];
}
