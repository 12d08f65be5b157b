import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ROUTES, type HttpMethod, type RouteRule, type ServiceName } from '@esim/contracts';
import { requireAccess, requireServiceToken, type AuthUser } from './auth';

/** Routes every process has that are not part of the public API (and never routed by the gateway). */
const OPERATIONAL_ROUTES = new Set(['/health', '/ready', '/openapi.json', '/metrics']);

export class UnlistedRouteError extends Error {}

/**
 * Guards every route as it is registered, from the one route table in @esim/contracts:
 * - a table route gets its role check (the gateway checks too; this is the second lock);
 * - `/internal/*` gets the service-credential check;
 * - anything else fails at start-up, so a route cannot ship without a rule.
 * Ownership (whose dealer, whose order) stays with the handler that owns the data.
 */
export function guardRoutesFromTable(app: FastifyInstance, service: ServiceName, internalToken: string): void {
  const rules = new Map(ROUTES.filter((r) => r.service === service).map((r) => [`${r.method} ${r.path}`, r]));
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (OPERATIONAL_ROUTES.has(url) || url.startsWith('/documentation')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    if (methods.length === 0) return; // fastify's automatic HEAD twin of a GET route: guarded with it.
    if (url.startsWith('/internal/')) {
      guardFirst(route, requireServiceToken(internalToken));
      hide(route);
      return;
    }
    for (const method of methods) {
      const rule: RouteRule | undefined = rules.get(`${method as HttpMethod} ${url}`);
      if (!rule) {
        throw new UnlistedRouteError(
          `${service}: route ${method} ${url} is not in the route table (packages/contracts/src/routes.ts). Add it with its access rule.`,
        );
      }
      if (rule.access !== 'public') {
        guardFirst(route, requireAccess(rule.access.resource, rule.access.action));
        route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as RouteOptions['schema'];
      }
    }
  });
}

/**
 * The check runs in `onRequest`, the first step of the request: before the body is read or
 * validated, so a caller without rights learns nothing from a 400 and costs no parsing.
 */
function guardFirst(route: RouteOptions, handler: unknown): void {
  const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
  route.onRequest = [handler as never, ...existing];
}

function hide(route: RouteOptions): void {
  route.schema = { ...route.schema, hide: true } as RouteOptions['schema'];
}

/** What an audited write was about, as its handler names it: the record, its name then, an amount, one word more. */
export interface AuditSubject {
  targetId?: string;
  targetName?: string | null;
  amountCents?: number;
  /** A short value the sentence needs (the new status, the sales manager a dealer went to). */
  detail?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditSubject?: AuditSubject;
  }
}

/** Names the record (and amount) a write is about, so its audit entry reads as a sentence; later calls add to it. */
export function describeAudit(request: FastifyRequest, subject: AuditSubject): void {
  request.auditSubject = { ...request.auditSubject, ...subject };
}

/** Audit trail: every write by an admin or sales manager, with its outcome. Never fails the request. */
export function recordAdminWrites(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    done();
    const user = request.user;
    if (
      !user ||
      user.role === 'user' ||
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      request.method === 'OPTIONS'
    )
      return;
    void writeAuditRow(app, request, reply.statusCode, user);
  });
}

/**
 * Records a write of a dealer or customer on their own things, which the hook above leaves out (a
 * route whose history must read from the one log, such as API keys): the same row, written now.
 */
export async function recordOwnWrite(
  app: FastifyInstance,
  request: FastifyRequest,
  status: number,
  subject: AuditSubject,
): Promise<void> {
  describeAudit(request, subject);
  await writeAuditRow(app, request, status, request.user!);
}

async function writeAuditRow(
  app: FastifyInstance,
  request: FastifyRequest,
  status: number,
  user: AuthUser,
): Promise<void> {
  try {
    await app.db('audit_log').insert({
      actor_id: user.id,
      actor_role: user.role,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      url: request.url.slice(0, 2000),
      status_code: status,
      ip: request.ip,
      request_id: String(request.id),
      target_id: request.auditSubject?.targetId?.slice(0, 200) ?? null,
      target_name: request.auditSubject?.targetName?.slice(0, 300) ?? null,
      amount_cents: request.auditSubject?.amountCents ?? null,
      detail: request.auditSubject?.detail?.slice(0, 200) ?? null,
    });
  } catch (error) {
    request.log.error({ err: error }, 'could not write the audit log');
  }
}
