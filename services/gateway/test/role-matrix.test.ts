import { randomUUID } from 'node:crypto';
import {
  canAccess,
  RESOURCES,
  roleOf,
  ROUTES,
  ACTIONS,
  USER_TYPE,
  type HttpMethod,
  type RouteRule,
  type UserType,
} from '@esim/contracts';
import { createTestKeys, waitFor } from '@esim/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { gatewayConfig, startRealServices, type RealServices } from './support/upstreams';

/**
 * The role matrix, generated from the route table: every route × every kind of caller, through
 * the gateway to the five real services. Expectations come from `canAccess` AND from a short
 * hand-written list below, so a broken `canAccess` cannot pass its own test.
 */
type Caller = { name: string; userType?: UserType };
const CALLERS: Caller[] = [
  { name: 'anonymous' },
  { name: 'retail', userType: USER_TYPE.retail },
  { name: 'dealer', userType: USER_TYPE.dealer },
  { name: 'sales manager', userType: USER_TYPE.salesManager },
  { name: 'admin', userType: USER_TYPE.admin },
];

type Outcome = 'reaches the service' | 401 | 403;

function expected(rule: RouteRule, caller: Caller): Outcome {
  if (rule.access === 'public') return 'reaches the service';
  if (caller.userType === undefined) return 401;
  return canAccess(roleOf({ user_type: caller.userType }), rule.access.resource, rule.access.action)
    ? 'reaches the service'
    : 403;
}

/** Well-known answers written out by hand (docs/product.md, Permissions), independent of canAccess. */
const KNOWN: Array<[caller: string, method: HttpMethod, path: string, outcome: Outcome]> = [
  ['sales manager', 'GET', '/admin/dealers', 403],
  ['retail', 'GET', '/sales-manager/balance', 403],
  ['dealer', 'GET', '/admin/physical-sim/stock', 403],
  ['admin', 'GET', '/user/physical-sim/my-cards', 403],
  ['sales manager', 'GET', '/user/balance', 403],
  ['sales manager', 'POST', '/user/packages/buy', 403],
  ['admin', 'GET', '/sales-manager/dealers', 403],
  ['anonymous', 'GET', '/me', 401],
  ['anonymous', 'GET', '/admin/dealers', 401],
  ['anonymous', 'GET', '/public/countries', 'reaches the service'],
  ['anonymous', 'GET', '/public/balance/esim/:id', 'reaches the service'],
  ['anonymous', 'POST', '/login', 'reaches the service'],
  ['dealer', 'GET', '/user/physical-sim/my-cards', 'reaches the service'],
  ['retail', 'GET', '/user/balance', 'reaches the service'],
  ['admin', 'GET', '/user/balance', 'reaches the service'],
  ['admin', 'GET', '/admin/dealers', 'reaches the service'],
  ['admin', 'POST', '/admin/physical-sim/orders/:id/approve', 'reaches the service'],
  ['sales manager', 'GET', '/sales-manager/dealers', 'reaches the service'],
  ['sales manager', 'GET', '/me', 'reaches the service'],
];

const SAMPLE_PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000001',
  packageId: '00000000-0000-4000-8000-000000000002',
  slug: 'turkey',
  fileName: '89901234567890123452.png',
};

function concrete(path: string): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => SAMPLE_PARAMS[name] ?? 'x');
}

let services: RealServices;
let gateway: Awaited<ReturnType<typeof buildApp>>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  const keys = await createTestKeys();
  services = await startRealServices(keys.jwks);
  // Limits out of the way: the matrix calls every rate-limited route five times.
  const generous = Object.fromEntries(
    ['LOGIN', 'REGISTER', 'PASSWORD_RESET', 'PUBLIC_LOOKUP', 'PUBLIC_READ', 'API'].map((group) => [
      `RATE_LIMIT_${group}_PER_MIN`,
      '100000',
    ]),
  );
  // The door's public cache off too: the matrix proves every call reaches the owning service.
  gateway = await buildApp({
    jwks: keys.jwks,
    config: gatewayConfig({ ...generous, PUBLIC_CACHE_MAX_ENTRIES: '0' }),
    upstreams: services.upstreams,
  });
  for (const caller of CALLERS) {
    if (caller.userType !== undefined)
      tokens.set(caller.name, await keys.token({ id: randomUUID(), userType: caller.userType }));
  }
});

afterAll(async () => {
  await gateway?.close();
  await services?.close();
});

async function call(rule: Pick<RouteRule, 'method' | 'path'>, caller: Caller) {
  const token = tokens.get(caller.name);
  const withBody = rule.method !== 'GET';
  const response = await gateway.inject({
    method: rule.method,
    url: `/api${concrete(rule.path)}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json', 'idempotency-key': `matrix-${randomUUID()}` } : {}),
    },
    ...(withBody ? { payload: '{}' } : {}),
  });
  const requestId = response.headers['x-request-id'] as string;
  return { response, upstream: services.seen.get(requestId), requestId };
}

async function expectOutcome(rule: RouteRule, caller: Caller, outcome: Outcome) {
  const label = `${caller.name} → ${rule.method} ${rule.path}`;
  const { response, upstream, requestId } = await call(rule, caller);
  if (outcome === 'reaches the service') {
    // Whatever the owning service answers (200, 400, 404 of a missing id, its own 401 for a missing
    // refresh cookie, ...) is fine: the gateway let the caller through and relayed the answer.
    expect(
      upstream?.service,
      `${label} should reach its service (gateway answered ${response.statusCode} ${response.body})`,
    ).toBe(rule.service);
    const answered = await waitFor(() => services.seen.get(requestId)?.status, { what: `${label} answer` });
    expect(response.statusCode, label).toBe(answered);
  } else {
    expect(response.statusCode, `${label}: ${response.body}`).toBe(outcome);
    expect(response.json().code, label).toBe(outcome === 401 ? 'unauthorized' : 'forbidden');
    expect(upstream, `${label} must stop at the gateway`).toBeUndefined();
  }
}

function ruleOf(method: HttpMethod, path: string): RouteRule {
  const rule = ROUTES.find((entry) => entry.method === method && entry.path === path);
  if (!rule) throw new Error(`${method} ${path} is not in the route table`);
  return rule;
}

describe('the route table itself', () => {
  it('gives every route a resource known to PERMISSIONS and a valid action, or makes it public', () => {
    for (const rule of ROUTES) {
      if (rule.access === 'public') continue;
      expect(RESOURCES, `${rule.method} ${rule.path}`).toContain(rule.access.resource);
      expect(ACTIONS, `${rule.method} ${rule.path}`).toContain(rule.access.action);
      // A rule nobody passes would be a dead route.
      const anyone = CALLERS.some((caller) => expected(rule, caller) === 'reaches the service');
      expect(anyone, `${rule.method} ${rule.path}: no role may call it`).toBe(true);
    }
  });

  it('cannot hold a route without an access rule (a type error, checked by tsc)', () => {
    // @ts-expect-error `access` is required: a route without a rule does not compile.
    const withoutRule: RouteRule = { method: 'GET', path: '/no-rule', service: 'auth' };
    expect(withoutRule.access).toBeUndefined();
  });

  it('has each method and path once', () => {
    const keys = ROUTES.map((rule) => `${rule.method} ${rule.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('hand-written cases (independent of canAccess)', () => {
  it.each(KNOWN)('%s → %s %s: %s', async (callerName, method, path, outcome) => {
    const caller = CALLERS.find((entry) => entry.name === callerName)!;
    const rule = ruleOf(method, path);
    // The generated expectation must agree with the hand-written one...
    expect(expected(rule, caller)).toBe(outcome);
    // ...and so must the gateway.
    await expectOutcome(rule, caller, outcome);
  });
});

describe('every route × every caller, through the gateway to the real services', () => {
  it.each(ROUTES.map((rule) => [`${rule.method} ${rule.path}`, rule] as const))('%s', async (_name, rule) => {
    for (const caller of CALLERS) await expectOutcome(rule, caller, expected(rule, caller));
  });
});
