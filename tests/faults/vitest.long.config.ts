import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run test:faults`: the long fault run alone, with the tests project's database setup and room for ten minutes. */
export default defineConfig({
  test: {
    root,
    include: ['tests/faults/long.faults.ts'],
    globalSetup: [path.join(root, 'infra/src/testing/global-setup.ts')],
    setupFiles: [path.join(root, 'packages/platform/src/testing/per-file-database.ts')],
    pool: 'forks',
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
