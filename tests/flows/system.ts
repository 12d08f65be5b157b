import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { seedAll } from '../../infra/src/seed';

/**
 * The real system in one test process: auth, catalog and balance on ephemeral ports with their
 * event buses running, the gateway in front of them, on the test file's own database (cloned from
 * the migrated template) with the demo seed. Only physical-sim is absent (its issue builds it).
 */
export interface System {
  gateway: FastifyInstance;
  services: Record<'auth' | 'catalog' | 'balance' | 'esim', FastifyInstance>;
  api(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  login(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export async function startSystem(): Promise<System> {
  const databaseUrl = process.env.DATABASE_URL!;
  await seedAll(databaseUrl);

  const { buildApp: buildAuth } = await import('../../services/auth/src/app');
  const auth = await buildAuth();
  await auth.listen({ port: 0, host: '127.0.0.1' });
  // Every later process verifies tokens with the real auth service's published keys.
  process.env.AUTH_JWKS_URL = `${urlOf(auth)}/.well-known/jwks.json`;

  const { buildApp: buildCatalog } = await import('../../services/catalog/src/app');
  const { buildApp: buildBalance } = await import('../../services/balance/src/app');
  const catalog = await buildCatalog();
  const balance = await buildBalance();
  await catalog.listen({ port: 0, host: '127.0.0.1' });
  await balance.listen({ port: 0, host: '127.0.0.1' });
  const { buildApp: buildEsim } = await import('../../services/esim/src/app');
  const { loadEsimConfig } = await import('../../services/esim/src/config');
  const esim = await buildEsim({ config: loadEsimConfig({ ...process.env, CATALOG_URL: urlOf(catalog), BALANCE_URL: urlOf(balance) }) });
  await esim.listen({ port: 0, host: '127.0.0.1' });
  const services = { auth, catalog, balance, esim };
  for (const app of Object.values(services)) await (app as unknown as { events: { start(): Promise<void> } }).events.start();

  const { buildApp: buildGateway } = await import('../../services/gateway/src/app');
  const gateway = await buildGateway({ upstreams: { auth: urlOf(auth), catalog: urlOf(catalog), balance: urlOf(balance), esim: urlOf(esim) } });
  await gateway.ready();

  const api: System['api'] = async (method, path, options = {}) => {
    const res = await gateway.inject({
      method: method as never,
      url: `/api${path}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      payload: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      // CSV and other non-JSON answers stay text.
    }
    return { status: res.statusCode, body, headers: res.headers };
  };

  return {
    gateway,
    services,
    api,
    async login(email, password = 'Demo1234!') {
      const res = await api('POST', '/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.token as string;
    },
    async stop() {
      await gateway.close();
      await Promise.all(Object.values(services).map((app) => app.close()));
    },
  };
}
