import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '@esim/contracts';
import { buildApp } from '../src/app';
import { loadAuthConfig } from '../src/config';
import { seedDemoData } from '../src/seed';

export type AuthTestApp = Awaited<ReturnType<typeof buildApp>>;

/** The auth app on this file's database and Redis prefix, with settings overridden per test file. */
export async function startAuth(env: Record<string, string> = {}): Promise<AuthTestApp> {
  return buildApp({ config: loadAuthConfig({ ...process.env, ...env }) });
}

/** Each test gets its own client address, so the per-IP and per-email+IP limits of one test do not touch another. */
let nextIp = 10;
export const freshIp = () => `203.0.113.${nextIp++ % 250}`;

/**
 * Headers of a request the gateway forwards for a client at `ip`: the services believe
 * X-Forwarded-For only with the internal service credential (platform dropUntrustedForwarding).
 */
export const forwardedFor = (ip: string) => ({
  'x-forwarded-for': ip,
  'x-service-token': loadAuthConfig().INTERNAL_SERVICE_TOKEN,
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of a Set-Cookie cookie, and its attributes as written. */
export function cookieOf(response: LightMyRequestResponse, name = 'refresh_token') {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie as (typeof response.cookies)[number] | undefined;
}

export async function login(
  app: AuthTestApp,
  email: string,
  password = DEMO_PASSWORD,
  ip = freshIp(),
  rememberMe?: boolean,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { ...forwardedFor(ip) },
    payload: { email, password, ...(rememberMe === undefined ? {} : { remember_me: rememberMe }) },
  });
  if (response.statusCode !== 200) throw new Error(`login ${email} answered ${response.statusCode}: ${response.body}`);
  return { token: response.json().data.token as string, refresh: cookieOf(response)!.value, response };
}

/** The demo accounts (admin, sales manager, dealers, customers) with their tokens. */
export async function seededSessions(app: AuthTestApp) {
  await seedDemoData(app.db);
  const [admin, sales, dealer, customer] = await Promise.all(
    ['admin@esim.test', 'sales@esim.test', 'dealer@esim.test', 'customer@esim.test'].map((email) => login(app, email)),
  );
  return { admin: admin!.token, sales: sales!.token, dealer: dealer!.token, customer: customer!.token };
}

export interface OutboxEvent {
  id: string;
  type: string;
  aggregateId: string;
  correlationId?: string;
  payload: Record<string, unknown>;
}

/** Events this service wrote to its outbox, oldest first, optionally of one type. */
export async function outbox(app: AuthTestApp, type?: string): Promise<OutboxEvent[]> {
  const query = app.db('outbox').orderBy('position').select('envelope');
  if (type) query.where({ type });
  return (await query).map((row: { envelope: OutboxEvent }) => row.envelope);
}

/** Row counts of everything a request could create: bad input must leave them all unchanged. */
export async function footprint(app: AuthTestApp) {
  const tables = ['users', 'dealer_profiles', 'sales_manager_profiles', 'refresh_tokens', 'password_resets', 'outbox'];
  const counts = await Promise.all(tables.map(async (t) => Number((await app.db(t).count({ n: '*' }))[0]!.n)));
  return Object.fromEntries(tables.map((t, i) => [t, counts[i]]));
}
