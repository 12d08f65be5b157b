import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type Db = Knex;

// bigint (int8) columns hold cents and counts: parse them as JS numbers (safe below 2^53; amounts are capped far lower).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// numeric stays a string unless a query casts it; dates stay Date.

/**
 * A knex pool whose unqualified tables live in the service's own schema (one schema per service).
 * `poolMin` connections, once opened, are kept while idle (a worker that must not pay for a new
 * connection when its next job starts).
 */
export function createDb(url: string, schema: string, poolMax = 10, poolMin = 0): Db {
  return knexFactory({
    client: 'pg',
    connection: url,
    searchPath: [schema, 'public'],
    pool: { min: poolMin, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/**
 * Loads `*.ts` / `*.js` migrations from a folder by dynamic import, so they run the same
 * under tsx, vitest and plain node. Forward-only: `down` is never required.
 */
class FolderMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly directory: string) {}

  async getMigrations(): Promise<string[]> {
    const files = await readdir(this.directory).catch(() => [] as string[]);
    return files.filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts')).sort();
  }

  getMigrationName(migration: string): string {
    return migration.replace(/\.(ts|js|mjs)$/, '');
  }

  async getMigration(migration: string): Promise<Knex.Migration> {
    const mod = (await import(pathToFileURL(path.join(this.directory, migration)).href)) as MigrationModule;
    return { up: mod.up, down: mod.down ?? (async () => {}) };
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Tables every service schema has: outbox, inbox, idempotency keys. */
export const PLATFORM_SERVICE_MIGRATIONS = path.resolve(here, '../migrations/service');
/** The shared `platform` schema: the embedded PostgreSQL event log. */
export const PLATFORM_SHARED_MIGRATIONS = path.resolve(here, '../migrations/shared');
export const PLATFORM_SCHEMA = 'platform';

async function migrateFolder(db: Db, schema: string, directory: string, tableName: string): Promise<string[]> {
  await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
  const [, applied] = (await db.migrate.latest({
    migrationSource: new FolderMigrationSource(directory),
    schemaName: schema,
    tableName,
    // Our migrations may create indexes concurrently or use LISTEN; each runs in its own transaction anyway.
    disableMigrationsListValidation: true,
  })) as [number, string[]];
  return applied;
}

/**
 * Migrates one service: its schema, the platform's per-service tables, then its own migrations.
 * Safe to run any number of times (knex keeps a lock and a log per schema).
 */
export async function migrateService(db: Db, options: { schema: string; directory: string }): Promise<string[]> {
  const platform = await migrateFolder(db, options.schema, PLATFORM_SERVICE_MIGRATIONS, 'platform_migrations');
  const own = await migrateFolder(db, options.schema, options.directory, 'knex_migrations');
  return [...platform, ...own];
}

/** Migrates the shared platform schema (event log). */
export async function migrateShared(db: Db): Promise<string[]> {
  return migrateFolder(db, PLATFORM_SCHEMA, PLATFORM_SHARED_MIGRATIONS, 'platform_migrations');
}

/** `postgres://.../esim` → `postgres://.../<name>`: the same server, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** Creates the database if it does not exist (connects to the server's `postgres` database to do it). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return true;
  } catch (error) {
    // Two processes racing to create it: the loser sees duplicate_database, which is fine.
    if ((error as { code?: string }).code === '42P04') return false;
    throw error;
  } finally {
    await admin.end();
  }
}

/** Whether a database error is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
