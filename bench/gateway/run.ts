/**
 * Gateway overhead benchmark: the same route called directly on a service ("bare") and through
 * the gateway, in the same run, each in its own process (as `npm start` runs them).
 *
 *   npm run bench:gateway [-- --duration 5 --connections 100 --rounds 9 --profile DIR]
 *
 * `--profile DIR` writes a CPU profile of the gateway process into DIR (open it in Chrome DevTools).
 *
 * Needs Redis (rate limits, token revocation). For a public route and a signed-in one (token
 * verified at the gateway and again in the service) it prints requests/s, latency and the CPU
 * time each process spent per request (Linux; it stays comparable when other work shares the
 * machine and throughput does not). The gateway is judged against the least a hop in Node costs,
 * measured in the same run: a bare proxy (node:http and undici, no checks at all) in front of the
 * same service. Targets: through the gateway ≥ 85 % of the bare proxy's throughput on both routes,
 * p99 ≤ 20 ms signed in, no errors. Exits 1 when a target is missed.
 *
 * Throughput is judged by the median of `--rounds` paired ratios: in each round the gateway and the
 * bare proxy are measured back to back (the order alternating), so a slowdown of the shared host
 * that lasts a few seconds weighs on both sides of a ratio instead of on one side of a comparison
 * of medians. Latency is p99 at half the bare proxy's median rate, because at saturation p99 only
 * measures the queue that `--connections` builds. Both are printed.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { announce, measure, numberArg, percentile, quietEnv, startRole, type Figures } from '../support';

const self = fileURLToPath(import.meta.url);
const role = process.argv[2];
const childEnv = quietEnv('gateway');

/** A catalog-like service answering a ~1 kB list on a public and on a signed-in route. */
async function runUpstream(): Promise<void> {
  const { createServiceApp, loadConfig, serviceConfigSchema } = await import('@esim/platform');
  const config = loadConfig(serviceConfigSchema(0, {}), process.env);
  const app = await createServiceApp({
    name: 'catalog',
    description: 'benchmark upstream',
    config,
    jwks: JSON.parse(process.env.BENCH_JWKS!),
  });
  const countries = Array.from({ length: 12 }, (_, i) => ({
    slug: `country-${i}`,
    a2: 'TR',
    name: 'Türkiye',
    price: 8 + i / 100,
  }));
  app.get('/public/countries', async () => ({ success: true, message: 'İşlem başarılı', data: countries }));
  app.get('/user/packages', async () => ({ success: true, message: 'İşlem başarılı', data: countries }));
  await listenUntilStopped(app);
}

async function runGateway(): Promise<void> {
  const { buildApp } = await import('../../services/gateway/src/app');
  const { loadGatewayConfig } = await import('../../services/gateway/src/config');
  const upstream = process.env.BENCH_UPSTREAM!;
  const config = loadGatewayConfig({
    ...process.env,
    PORT: '0',
    RATE_LIMIT_PUBLIC_READ_PER_MIN: '100000000',
    RATE_LIMIT_API_PER_MIN: '100000000',
  });
  const app = await buildApp({
    config,
    jwks: JSON.parse(process.env.BENCH_JWKS!),
    upstreams: { auth: upstream, catalog: upstream, balance: upstream, esim: upstream, 'physical-sim': upstream },
  });
  await listenUntilStopped(app);
}

/** The least a proxy hop costs in Node: node:http in, undici's dispatch out, nothing checked. */
async function runBareProxy(): Promise<void> {
  const http = await import('node:http');
  const { Pool } = await import('undici');
  const { exchange } = await import('../../packages/platform/src/http/exchange');
  const pool = new Pool(process.env.BENCH_UPSTREAM!, { connections: 128, pipelining: 1 });
  const server = http.createServer((request, response) => {
    const headers = request.headers.authorization ? { authorization: request.headers.authorization } : {};
    exchange(pool, { path: request.url!.slice('/api'.length), method: 'GET', headers }, 64 * 1024).then(
      (answer) =>
        response
          .writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? '' })
          .end(answer.body),
      () => response.writeHead(503).end(),
    );
  });
  await listenUntilStopped({
    listen: ({ port, host }) =>
      new Promise((resolve) =>
        server.listen(port, host, () => resolve(`http://${host}:${(server.address() as { port: number }).port}`)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  });
}

/** Listens on a free port, tells the parent where, and exits cleanly on SIGTERM (so a CPU profile is written). */
async function listenUntilStopped(app: {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<unknown>;
}) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  announce(address);
}

const start = (which: string, env: Record<string, string>, nodeFlags: string[] = []) =>
  startRole(self, which, { ...childEnv, ...env }, { nodeFlags });

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Warm-up of 5 s for a process's first measurement of a route (JIT, pools, the JWKS fetched and
 * cached), 1 s before the next ones (autocannon's fresh connections).
 */
const warmedUp = new Set<string>();
const load = (
  url: string,
  headers: Record<string, string>,
  options: { connections: number; duration: number; cpuOf: number[]; overallRate?: number },
): Promise<Figures> => {
  const warmUpSeconds = warmedUp.has(url) ? 1 : 5;
  warmedUp.add(url);
  return measure(url, { ...options, warmUpSeconds, headers });
};

/** The measurement of median throughput among several (the lower middle one of an even count). */
const medianRun = (runs: readonly Figures[]): Figures =>
  [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;

const row = (label: string, figures: Figures) =>
  `  ${label.padEnd(18)}${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms`;

async function main(): Promise<void> {
  const { createTestKeys } = await import('@esim/platform/testing');
  const connections = numberArg('connections', 100);
  const duration = numberArg('duration', 5);
  const rounds = numberArg('rounds', 9);
  const keys = await createTestKeys();
  const token = await keys.token({ id: randomUUID(), userType: 1 }, { expiresIn: '1h' });
  const jwks = JSON.stringify(keys.jwks);
  const upstream = await start('upstream', { BENCH_JWKS: jwks });
  const profileIndex = process.argv.indexOf('--profile');
  const profile = profileIndex > 0 ? ['--cpu-prof', '--cpu-prof-dir', process.argv[profileIndex + 1]!] : [];
  // The gateway's process as `npm start` and the cluster run it (its V8 flags from infra's service list).
  const { SERVICES } = await import('../../infra/src/services');
  const gatewayFlags = SERVICES.find((service) => service.name === 'gateway')!.nodeFlags ?? [];
  const gateway = await start('gateway', { BENCH_JWKS: jwks, BENCH_UPSTREAM: upstream.url }, [
    ...gatewayFlags,
    ...profile,
  ]);
  const bareProxy = await start('bare-proxy', { BENCH_UPSTREAM: upstream.url });
  const lines: string[] = [];
  let ok = true;
  try {
    for (const [name, path, headers, signedIn] of [
      ['public GET /public/countries', '/public/countries', {}, false],
      ['signed-in GET /user/packages', '/user/packages', { authorization: `Bearer ${token}` }, true],
    ] as const) {
      const saturated = { connections, duration };
      const bare = await load(`${upstream.url}${path}`, headers, { ...saturated, cpuOf: [upstream.child.pid!] });
      const throughGateway = (more: { connections: number; duration: number; overallRate?: number }) =>
        load(`${gateway.url}/api${path}`, headers, { ...more, cpuOf: [gateway.child.pid!, upstream.child.pid!] });
      const throughBareProxy = (more: { connections: number; duration: number; overallRate?: number }) =>
        load(`${bareProxy.url}/api${path}`, headers, { ...more, cpuOf: [bareProxy.child.pid!, upstream.child.pid!] });
      const gatewayRuns: Figures[] = [];
      const proxyRuns: Figures[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // Alternating which goes first, so a load that rises or falls during the run favours neither.
        if (round % 2 === 0) {
          gatewayRuns.push(await throughGateway(saturated));
          proxyRuns.push(await throughBareProxy(saturated));
        } else {
          proxyRuns.push(await throughBareProxy(saturated));
          gatewayRuns.push(await throughGateway(saturated));
        }
      }
      const viaGateway = medianRun(gatewayRuns);
      const viaBareProxy = medianRun(proxyRuns);
      const ratios = gatewayRuns.map((run, round) => run.rps / proxyRuns[round]!.rps);
      const ratio = percentile(ratios, 50);
      // Latency where the hop, not the queue, decides it: half the bare proxy's top rate, on 20 connections.
      const rate = Math.round(viaBareProxy.rps / 2);
      const atRate = signedIn
        ? {
            gateway: await throughGateway({ connections: 20, duration, overallRate: rate }),
            proxy: await throughBareProxy({ connections: 20, duration, overallRate: rate }),
          }
        : undefined;
      const serviceCpu = bare.cpuMicros[0]!;
      const gatewayCpu = viaGateway.cpuMicros[0]!;
      const errors = [bare, ...gatewayRuns, ...proxyRuns, ...(atRate ? [atRate.gateway, atRate.proxy] : [])].reduce(
        (sum, figures) => sum + figures.errors,
        0,
      );
      const checks = [
        {
          what: `throughput through the gateway / through the bare proxy (median of ${rounds} rounds' ratios)`,
          value: `${pct(ratio)}`,
          target: '≥ 85 %',
          pass: ratio >= 0.85,
        },
        ...(atRate
          ? [
              {
                what: `p99 through the gateway at ${rate} req/s (half the bare proxy's throughput)`,
                value: `${atRate.gateway.p99} ms (bare proxy ${atRate.proxy.p99} ms)`,
                target: '≤ 20 ms',
                pass: atRate.gateway.p99 <= 20,
              },
            ]
          : []),
        { what: 'errors', value: String(errors), target: '0', pass: errors === 0 },
      ];
      ok &&= checks.every((check) => check.pass);
      lines.push(
        `${name}`,
        `${row('bare service', bare)}  CPU ${serviceCpu.toFixed(0)} µs/req`,
        `${row('through gateway', viaGateway)}  CPU gateway ${gatewayCpu.toFixed(0)} + service ${viaGateway.cpuMicros[1]!.toFixed(0)} µs/req (${pct(viaGateway.rps / bare.rps)} of bare; service alone ${serviceCpu.toFixed(0)} µs/req)`,
        `${row('bare Node proxy', viaBareProxy)}  CPU proxy ${viaBareProxy.cpuMicros[0]!.toFixed(0)} + service ${viaBareProxy.cpuMicros[1]!.toFixed(0)} µs/req (${pct(viaBareProxy.rps / bare.rps)} of bare)`,
        `  rounds, req/s     gateway ${gatewayRuns.map((run) => run.rps.toFixed(0)).join(', ')}; bare proxy ${proxyRuns.map((run) => run.rps.toFixed(0)).join(', ')}`,
        `  rounds' ratios    ${ratios.map(pct).join(', ')} (ratio of the medians above ${pct(viaGateway.rps / viaBareProxy.rps)})`,
        ...(atRate ? [row(`gateway @${rate}/s`, atRate.gateway), row(`bare proxy @${rate}/s`, atRate.proxy)] : []),
        ...checks.map(
          (check) => `  ${check.pass ? 'PASS' : 'FAIL'}  ${check.what}: ${check.value} (target ${check.target})`,
        ),
      );
    }
  } finally {
    await Promise.all([stop(upstream.child), stop(gateway.child), stop(bareProxy.child)]);
  }
  console.log(
    `gateway vs bare service, ${connections} connections at saturation, ${duration} s each, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
  );
  for (const line of lines) console.log(line);
  process.exitCode = ok ? 0 : 1;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

if (role === 'upstream') await runUpstream();
else if (role === 'gateway') await runGateway();
else if (role === 'bare-proxy') await runBareProxy();
else await main();
