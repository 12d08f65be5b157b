import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb, type Db } from '@esim/platform';
import { isMain, runCli } from './cli';
import { checkPostgres } from './preflight';
import { SCHEMA_SERVICES } from './services';
import { loadDotEnv, loadStartSettings, SettingsError } from './settings';

interface SeedModule {
  seedDemoData(db: Db): Promise<unknown>;
}

/**
 * Seeds every service's demo data, in start order (auth first: the others refer to its fixed demo
 * ids). A service seeds through its own `src/seed.ts` `seedDemoData(db)`, if it has one yet; each
 * is idempotent, so this runs on every demo start. Never call it in production mode.
 */
export async function seedAll(databaseUrl: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const seeded: string[] = [];
  for (const service of SCHEMA_SERVICES) {
    const file = path.join(service.dir, 'src/seed.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Partial<SeedModule>;
    if (typeof mod.seedDemoData !== 'function') throw new Error(`${file} does not export seedDemoData(db)`);
    const db = createDb(databaseUrl, service.schema, 2);
    try {
      await mod.seedDemoData(db);
      seeded.push(service.name);
      log(`${service.name}: demo data in place`);
    } finally {
      await db.destroy();
    }
  }
  return seeded;
}

/** `npm run seed`: demo data into an already migrated database (`npm run migrate` first). */
async function main(): Promise<void> {
  loadDotEnv();
  const settings = loadStartSettings();
  if (settings.APP_MODE === 'production') {
    throw new SettingsError('APP_MODE is production: demo data is never seeded in production mode.');
  }
  await checkPostgres(settings.DATABASE_URL);
  const seeded = await seedAll(settings.DATABASE_URL, (line) => console.log(line));
  console.log(seeded.length ? `Seeded: ${seeded.join(', ')}.` : 'No service has demo data to seed yet.');
}

if (isMain(import.meta.url)) runCli(main);
