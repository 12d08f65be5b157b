/**
 * Gateway overhead benchmark: the same route called directly on a service ("bare") and through
 * the gateway, in the same run, each in its own process (as `npm start` runs them).
 *
 *   npm run bench:gateway [-- --duration 10 --connections 100 --profile DIR]
 *
 * `--profile DIR` writes a CPU profile of the gateway process into DIR (open it in Chrome DevTools).
 *
 * Needs Redis (rate limits, token revocation). Prints requests/s and latency for a public route
 * and for a signed-in one (token verified at the gateway and again in the service), and checks
 * the targets: gateway throughput ≥ 50% of bare, gateway p99 ≤ 20 ms at 100 connections. Also
 * prints the CPU time each process spent per request (Linux), which stays comparable when other
 * work shares the machine and throughput figures do not.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { announce, measure, numberArg, quietEnv, startRole, type Figures } from '../support';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const childEnv = quietEnv('gateway');

/** A catalog-like service answering a ~1 kB list on a public and on a signed-in route. */
async function runUpstream(): Promise<void> {
  const { createServiceApp, loadConfig, serviceConfigSchema } = await import('@esim/platform');
  const config = loadConfig(serviceConfigSchema(0, {}), process.env);
  const app = await createServiceApp({ name: 'catalog', description: 'benchmark upstream', config, jwks: JSON.parse(process.env.BENCH_JWKS!) });
  const countries = Array.from({ length: 12 }, (_, i) => ({ slug: `country-${i}`, a2: 'TR', name: 'Türkiye', price: 8 + i / 100 }));
  app.get('/public/countries', async () => ({ success: true, message: 'İşlem başarılı', data: countries }));
  app.get('/user/packages', async () => ({ success: true, message: 'İşlem başarılı', data: countries }));
  await listenUntilStopped(app);
}

async function runGateway(): Promise<void> {
  const { buildApp } = await import('../../services/gateway/src/app');
  const { loadGatewayConfig } = await import('../../services/gateway/src/config');
  const upstream = process.env.BENCH_UPSTREAM!;
  const config = loadGatewayConfig({ ...process.env, PORT: '0', RATE_LIMIT_PUBLIC_READ_PER_MIN: '100000000', RATE_LIMIT_API_PER_MIN: '100000000' });
  const app = await buildApp({
    config,
    jwks: JSON.parse(process.env.BENCH_JWKS!),
    upstreams: { auth: upstream, catalog: upstream, balance: upstream, esim: upstream, 'physical-sim': upstream },
  });
  await listenUntilStopped(app);
}

/** Listens on a free port, tells the parent where, and exits cleanly on SIGTERM (so a CPU profile is written). */
async function listenUntilStopped(app: { listen(options: { port: number; host: string }): Promise<string>; close(): Promise<unknown> }) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  announce(address);
}

const start = (which: string, env: Record<string, string>, nodeFlags: string[] = []) => startRole(self, which, { ...childEnv, ...env }, { nodeFlags });

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Warm-up of 5 s: the first requests also fetch and cache the JWKS. */
const load = (url: string, headers: Record<string, string>, connections: number, duration: number, cpuOf: number[]): Promise<Figures> =>
  measure(url, { connections, duration, warmUpSeconds: 5, headers, cpuOf });

async function main(): Promise<void> {
  const { createTestKeys } = await import('@esim/platform/testing');
  const connections = numberArg('connections', 100);
  const duration = numberArg('duration', 10);
  const keys = await createTestKeys();
  const token = await keys.token({ id: randomUUID(), userType: 1 }, { expiresIn: '1h' });
  const jwks = JSON.stringify(keys.jwks);
  const upstream = await start('upstream', { BENCH_JWKS: jwks });
  const profileIndex = process.argv.indexOf('--profile');
  const profile = profileIndex > 0 ? ['--cpu-prof', '--cpu-prof-dir', process.argv[profileIndex + 1]!] : [];
  const gateway = await start('gateway', { BENCH_JWKS: jwks, BENCH_UPSTREAM: upstream.url }, profile);
  const rows: string[] = [];
  let ok = true;
  try {
    for (const [name, path, headers] of [
      ['public  GET /public/countries', '/public/countries', {}],
      ['signed-in GET /user/packages', '/user/packages', { authorization: `Bearer ${token}` }],
    ] as const) {
      const bare = await load(`${upstream.url}${path}`, headers, connections, duration, [upstream.child.pid!]);
      const viaGateway = await load(`${gateway.url}/api${path}`, headers, connections, duration, [gateway.child.pid!, upstream.child.pid!]);
      const ratio = viaGateway.rps / bare.rps;
      const pass = ratio >= 0.5 && viaGateway.p99 <= 20 && viaGateway.errors === 0 && bare.errors === 0;
      ok &&= pass;
      rows.push(
        `${name.padEnd(31)} bare ${bare.rps.toFixed(0).padStart(6)} req/s p50 ${bare.p50} ms p99 ${bare.p99} ms | ` +
          `gateway ${viaGateway.rps.toFixed(0).padStart(6)} req/s p50 ${viaGateway.p50} ms p99 ${viaGateway.p99} ms | ` +
          `${(ratio * 100).toFixed(0)}% of bare ${pass ? 'PASS' : 'FAIL'}${viaGateway.errors + bare.errors ? ` (errors: bare ${bare.errors}, gateway ${viaGateway.errors})` : ''}\n` +
          `${''.padEnd(31)} CPU per request: service alone ${bare.cpuMicros[0]!.toFixed(0)} µs | gateway ${viaGateway.cpuMicros[0]!.toFixed(0)} µs + service ${viaGateway.cpuMicros[1]!.toFixed(0)} µs`,
      );
    }
  } finally {
    await Promise.all([stop(upstream.child), stop(gateway.child)]);
  }
  console.log(`gateway vs bare, ${connections} connections, ${duration} s each (targets: ≥ 50% of bare, p99 ≤ 20 ms)`);
  for (const row of rows) console.log(row);
  process.exitCode = ok ? 0 : 1;
}

if (role === 'upstream') await runUpstream();
else if (role === 'gateway') await runGateway();
else await main();
