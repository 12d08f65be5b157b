import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PLATFORM_SERVICE_MIGRATIONS, PLATFORM_SHARED_MIGRATIONS, withDatabase } from '@esim/platform';
import { migrateAll } from '../migrate-all';
import { SCHEMA_SERVICES } from '../services';
import { chooseTestBackend, probeDocker } from './backends';
import type { TestContainers } from './containers';

/**
 * Runs once per `vitest run`: builds a migrated template database that every test file clones
 * (CREATE DATABASE ... TEMPLATE is a file copy: milliseconds). The template's name carries a hash
 * of every migration, so a changed migration builds a new template and an unchanged one is reused.
 */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  const dirs = [
    PLATFORM_SHARED_MIGRATIONS,
    PLATFORM_SERVICE_MIGRATIONS,
    ...SCHEMA_SERVICES.map((s) => path.join(s.dir, 'migrations')),
  ];
  for (const dir of dirs) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    for (const file of files) hash.update(dir + file).update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplateDatabase: string;
    testBaseDatabaseUrl: string;
    testRedisUrl: string;
    /** Comma-separated bootstrap of the containers' Kafka broker; empty on the local backend (suites start the test broker). */
    testKafkaBrokers: string;
  }
}

export default async function globalSetup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const containers = await sharedContainers();
  const baseUrl = containers?.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esim_test';
  const template = `esim_tpl_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `Tests need PostgreSQL at ${withDatabase(baseUrl, 'postgres')} (${(error as Error).message}).\n` +
        `Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
    );
  }
  try {
    // One builder at a time even if several vitest runs start together.
    await admin.query('SELECT pg_advisory_lock(727001)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (!exists.rowCount) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      await migrateAll(withDatabase(baseUrl, building));
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      await admin.query(`UPDATE pg_database SET datistemplate = true WHERE datname = $1`, [template]);
    }
    // Older templates beyond the newest twelve (several checkouts may test at once), and per-file databases that killed runs left behind
    // (their names carry their creation time; an hour is far longer than any test file runs).
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const stale = await admin.query(
      `SELECT datname FROM pg_database
        WHERE (datname LIKE 'esim_tpl_%' AND datname <> $1 AND oid NOT IN
                (SELECT oid FROM pg_database WHERE datname LIKE 'esim_tpl_%' ORDER BY oid DESC LIMIT 12))
           OR (datname ~ '^esim_t_[0-9]+_' AND split_part(datname, '_', 3)::bigint < $2)`,
      [template, hourAgo],
    );
    for (const row of stale.rows as Array<{ datname: string }>) {
      await admin.query(`UPDATE pg_database SET datistemplate = false WHERE datname = $1`, [row.datname]);
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(row.datname)}`).catch(() => {});
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    await admin.end();
  }
  project.provide('testTemplateDatabase', template);
  project.provide('testBaseDatabaseUrl', baseUrl);
  project.provide('testRedisUrl', containers?.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  project.provide('testKafkaBrokers', containers?.kafkaBrokers.join(',') ?? '');
  return containers ? releaseContainers : undefined;
}

/**
 * Every project of the run runs this setup in the one main process: the backend is chosen and said
 * once, the containers started once and stopped after the last project's teardown.
 */
const shared = globalThis as typeof globalThis & {
  esimTestContainers?: { ready: Promise<TestContainers | undefined>; users: number };
};

function sharedContainers(): Promise<TestContainers | undefined> {
  shared.esimTestContainers ??= {
    users: 0,
    ready: (async () => {
      const backend = chooseTestBackend(process.env, await probeDocker());
      console.log(`test backend: ${backend.reason}`);
      return backend.kind === 'containers' ? (await import('./containers')).startTestContainers() : undefined;
    })(),
  };
  shared.esimTestContainers.users += 1;
  return shared.esimTestContainers.ready;
}

async function releaseContainers(): Promise<void> {
  const entry = shared.esimTestContainers;
  if (!entry || --entry.users > 0) return;
  shared.esimTestContainers = undefined;
  await (await entry.ready)?.stop();
}
