/**
 * Catalog benchmark: the US packages page (`GET /api/public/countries/united-states/packages`)
 * through the gateway, beside a bare fastify route returning the same JSON, in the same run.
 * Also the catalog called directly, to show where the time goes.
 *
 *   npm run bench:catalog [-- --duration 10 --connections 100]
 *
 * Creates its own database (migrated and seeded), starts the catalog, the gateway and the bare
 * server each in its own process on a free port (as `npm start` runs them), drops the database at
 * the end. Needs PostgreSQL and Redis. Targets: gateway p99 ≤ 20 ms and ≥ 50% of the bare route's
 * throughput at 100 connections. Exit code 1 when a target is missed.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { announce, dropDatabase, measure, numberArg, quietEnv, startRole, type Figures } from '../support';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '../..');
const ROUTE = '/public/countries/united-states/packages';

const childEnv = quietEnv('catalog');

// ── child processes ──

async function runCatalog(): Promise<void> {
  const { buildApp } = await import('../../services/catalog/src/app');
  const { loadCatalogConfig } = await import('../../services/catalog/src/config');
  const app = await buildApp({ config: loadCatalogConfig({ ...process.env, PORT: '0' }) });
  announce(await app.listen({ port: 0, host: '127.0.0.1' }));
}

async function runGateway(): Promise<void> {
  const { buildApp } = await import('../../services/gateway/src/app');
  const { loadGatewayConfig } = await import('../../services/gateway/src/config');
  // The public-read limit (per client IP) would stop a benchmark from one address within a second.
  const config = loadGatewayConfig({
    ...process.env,
    PORT: '0',
    CATALOG_URL: process.env.BENCH_CATALOG_URL,
    RATE_LIMIT_PUBLIC_READ_PER_MIN: '1000000000',
  });
  const app = await buildApp({ config });
  // A clean exit on SIGTERM, so a CPU profile (--profile) gets written.
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  announce(await app.listen({ port: 0, host: '127.0.0.1' }));
}

/** The baseline: the same bytes from a fastify route that does nothing else. */
async function runBare(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const body = await readFile(process.env.BENCH_BODY_FILE!, 'utf8');
  const app = Fastify({ logger: false });
  app.get('/api' + ROUTE, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  announce(await app.listen({ port: 0, host: '127.0.0.1' }));
}

const start = (role: string, env: Record<string, string>, nodeFlags: string[] = []) =>
  startRole(self, role, { ...childEnv, ...env }, { cwd: root, nodeFlags });
/** `--profile DIR` writes a CPU profile of the gateway process into DIR (open it in Chrome DevTools). */
const profileIndex = process.argv.indexOf('--profile');
const gatewayProfile = profileIndex > 0 ? ['--cpu-prof', '--cpu-prof-dir', process.argv[profileIndex + 1]!] : [];

// ── the run ──

const load = (url: string, connections: number, duration: number) =>
  measure(url, { connections, duration, warmUpSeconds: 2 });

const row = (name: string, f: Figures, bare?: Figures) =>
  `${name.padEnd(16)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms` +
  (bare ? `   ${((f.rps / bare.rps) * 100).toFixed(0).padStart(3)}% of bare` : '') +
  (f.errors ? `   (${f.errors} errors / non-2xx)` : '');

async function main(): Promise<void> {
  const { createDb, ensureDatabase, migrateService, withDatabase } = await import('@esim/platform');
  const { seedDemoData } = await import('../../services/catalog/src/seed');
  const connections = numberArg('connections', 100);
  const duration = numberArg('duration', 10);

  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim';
  const database = `esim_bench_catalog_${randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabase(baseUrl, database);
  const children: ChildProcess[] = [];
  const tmp = await mkdtemp(path.join(tmpdir(), 'bench-catalog-'));
  try {
    await ensureDatabase(databaseUrl);
    const db = createDb(databaseUrl, 'catalog', 2);
    try {
      await migrateService(db, { schema: 'catalog', directory: path.join(root, 'services/catalog/migrations') });
      await seedDemoData(db);
    } finally {
      await db.destroy();
    }

    const catalog = await start('catalog', { DATABASE_URL: databaseUrl });
    children.push(catalog.child);
    const sample = await fetch(catalog.url + ROUTE);
    if (sample.status !== 200) throw new Error(`catalog answered ${sample.status}`);
    const bodyFile = path.join(tmp, 'body.json');
    const body = await sample.text();
    await writeFile(bodyFile, body);
    const bare = await start('bare', { BENCH_BODY_FILE: bodyFile });
    children.push(bare.child);

    let gateway: { child: ChildProcess; url: string } | undefined;
    let gatewayProblem: string | undefined;
    try {
      gateway = await start('gateway', { BENCH_CATALOG_URL: catalog.url, DATABASE_URL: databaseUrl }, gatewayProfile);
      children.push(gateway.child);
      const through = await fetch(`${gateway.url}/api${ROUTE}`);
      if (through.status !== 200 || (await through.text()) !== body)
        throw new Error(`the gateway answered ${through.status} or another body`);
    } catch (error) {
      gatewayProblem = (error as Error).message;
      gateway = undefined;
    }

    const bareFigures = await load(`${bare.url}/api${ROUTE}`, connections, duration);
    const direct = await load(catalog.url + ROUTE, connections, duration);
    const viaGateway = gateway ? await load(`${gateway.url}/api${ROUTE}`, connections, duration) : undefined;

    console.log(`GET ${ROUTE} (${Buffer.byteLength(body)} bytes), ${connections} connections, ${duration} s each`);
    // Every process of the run shares these cores with autocannon: figures from a busy machine are low.
    console.log(
      `machine: ${availableParallelism()} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}`,
    );
    console.log(row('bare fastify', bareFigures));
    console.log(row('catalog direct', direct, bareFigures));
    if (viaGateway) {
      console.log(row('via gateway', viaGateway, bareFigures));
      const ratio = viaGateway.rps / bareFigures.rps;
      const pass = viaGateway.p99 <= 20 && ratio >= 0.5 && viaGateway.errors === 0;
      console.log(
        `targets (gateway): p99 ≤ 20 ms ${viaGateway.p99 <= 20 ? 'met' : 'MISSED'}, throughput ≥ 50% of bare ${ratio >= 0.5 ? 'met' : 'MISSED'}: ${pass ? 'PASS' : 'FAIL'}`,
      );
      process.exitCode = pass ? 0 : 1;
    } else {
      console.log(`via gateway: not measured (${gatewayProblem}); partial result: catalog direct vs bare only`);
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) child.kill();
    if (gatewayProfile.length) await new Promise((resolve) => setTimeout(resolve, 2_000));
    await rm(tmp, { recursive: true, force: true });
    await dropDatabase(baseUrl, database);
  }
}

const role = process.argv[2];
if (role === 'catalog') await runCatalog();
else if (role === 'gateway') await runGateway();
else if (role === 'bare') await runBare();
else await main();
