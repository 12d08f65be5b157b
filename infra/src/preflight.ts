import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { withDatabase } from '@esim/platform';
import { redactUrl } from './settings';

/** A problem the user can fix: printed as is, without a stack trace, and `npm start` exits non-zero. */
export class PreflightError extends Error {}

const START_POSTGRES = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
const START_REDIS = 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""';
const START_WITH_DOCKER = 'docker compose up -d postgres redis';

function reason(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: Array<{ message?: string }> };
  // pg/ioredis wrap "connection refused" on every address of localhost in an AggregateError with an empty message.
  return e.message || e.errors?.map((inner) => inner.message).join('; ') || e.code || String(error);
}

/** Connects to the server's `postgres` database: the shop's own database may not exist yet. */
export async function checkPostgres(databaseUrl: string): Promise<void> {
  const target = withDatabase(databaseUrl, 'postgres');
  const client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 3000 });
  // A server that drops the connection later must not crash the supervisor.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new PreflightError(
      [
        `PostgreSQL is not reachable at ${redactUrl(target)} (${reason(error)}).`,
        'Start it with one of:',
        `  ${START_POSTGRES}`,
        `  ${START_WITH_DOCKER}   (then DATABASE_URL=postgres://postgres:esim@127.0.0.1:5432/esim)`,
        'or point DATABASE_URL at a running server.',
      ].join('\n'),
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new PreflightError(
      [
        `Redis is not reachable at ${redactUrl(redisUrl)} (${reason(error)}).`,
        'Start it with one of:',
        `  ${START_REDIS}`,
        `  ${START_WITH_DOCKER}`,
        'or point REDIS_URL at a running server.',
      ].join('\n'),
    );
  } finally {
    redis.disconnect();
  }
}

/** Resolves to the error code when `port` cannot be bound on `host` (EADDRINUSE, EACCES), else null. */
export function portProblem(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** Every port this run listens on must be free: a second `npm start` says so instead of crash-looping. */
export async function checkPorts(ports: Array<{ port: number; what: string }>, host: string): Promise<void> {
  const problems: string[] = [];
  let firstBusy: number | undefined;
  for (const { port, what } of ports) {
    const code = await portProblem(port, host);
    if (!code) continue;
    firstBusy ??= port;
    problems.push(
      code === 'EADDRINUSE'
        ? `Port ${port} (${what}) is already in use.`
        : `Port ${port} (${what}) cannot be used on ${host} (${code}).`,
    );
  }
  if (problems.length) {
    throw new PreflightError(
      [
        ...problems,
        'Is the shop already running (another `npm start`)? Stop that one with Ctrl-C,',
        `or stop whatever holds the port (\`ss -ltnp 'sport = :${firstBusy}'\` shows it),`,
        'or run this copy on other ports: PORT_BASE=9080 npm start (gateway 9080, services 9081-9085;',
        'MAIL_SMTP_PORT / MAIL_WEB_PORT move the demo mail catcher).',
      ].join('\n'),
    );
  }
}
