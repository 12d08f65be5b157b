import { databaseName, ensureDatabase } from '@esim/platform';
import { isMain, runCli } from './cli';
import { migrateAll } from './migrate-all';
import { checkPostgres } from './preflight';
import { seedAll } from './seed';
import { loadDotEnv, loadStartSettings } from './settings';

/**
 * `npm run migrate`: creates the database if needed and brings every schema up to date (idempotent).
 * `--seed` then seeds the demo data in demo mode (and skips it in production): the one-shot job
 * docker compose runs before the services.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const settings = loadStartSettings();
  await checkPostgres(settings.DATABASE_URL);
  if (await ensureDatabase(settings.DATABASE_URL))
    console.log(`Created database ${databaseName(settings.DATABASE_URL)}.`);
  let applied = 0;
  await migrateAll(settings.DATABASE_URL, (line) => {
    applied += 1;
    console.log(line);
  });
  console.log(applied ? 'Migrations applied.' : 'Every schema is up to date.');
  if (!process.argv.includes('--seed')) return;
  if (settings.APP_MODE === 'production') {
    console.log('Production mode: no demo data.');
    return;
  }
  const seeded = await seedAll(settings.DATABASE_URL, (line) => console.log(line));
  console.log(seeded.length ? `Demo data seeded: ${seeded.join(', ')}.` : 'No service has demo data to seed yet.');
}

if (isMain(import.meta.url)) runCli(main);
