import path from 'node:path';
import { createDb, migrateService, migrateShared } from '@esim/platform';
import { SCHEMA_SERVICES } from './services';

/** Migrates the shared platform schema and every service's schema on one database. */
export async function migrateAll(databaseUrl: string, log: (line: string) => void = () => {}): Promise<void> {
  const shared = createDb(databaseUrl, 'platform', 2);
  try {
    const applied = await migrateShared(shared);
    if (applied.length) log(`platform: ${applied.length} migration(s) applied`);
  } finally {
    await shared.destroy();
  }
  for (const service of SCHEMA_SERVICES) {
    const db = createDb(databaseUrl, service.schema, 2);
    try {
      const applied = await migrateService(db, {
        schema: service.schema,
        directory: path.join(service.dir, 'migrations'),
      });
      if (applied.length) log(`${service.name}: ${applied.length} migration(s) applied`);
    } finally {
      await db.destroy();
    }
  }
}
