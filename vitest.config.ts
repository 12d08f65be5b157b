import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * One `vitest run` for the whole repository. Each workspace is a project; integration tests
 * get their own database per file (cloned from a template the global setup migrates once).
 */
const perFileDatabase = path.join(root, 'packages/platform/src/testing/per-file-database.ts');
const globalSetup = path.join(root, 'infra/src/testing/global-setup.ts');

function project(
  name: string,
  dir: string,
  options: {
    database?: boolean;
    environment?: string;
    timeout?: number;
    include?: string[];
    setupFiles?: string[];
    exclude?: string[];
    /** Each file in fresh modules (vitest's default); false lets a worker's files share them. */
    isolate?: boolean;
  } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      root: dir,
      include: options.include ?? ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', '*.test.ts'],
      ...(options.exclude ? { exclude: options.exclude } : {}),
      environment: options.environment ?? 'node',
      setupFiles: [...(options.database === false ? [] : [perFileDatabase]), ...(options.setupFiles ?? [])],
      ...(options.isolate === false ? { isolate: false } : {}),
      testTimeout: options.timeout ?? 20_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * A service's own tests share their worker's modules, so fastify, zod and the contracts load once
 * per worker, not once per file: each file still gets its database and Redis prefix from the setup
 * file, and no module there keeps a file's state. The front ends (a DOM per file) and the
 * whole-system tests keep the default.
 */
const shared = { isolate: false } as const;

export default defineConfig({
  test: {
    globalSetup: [globalSetup],
    pool: 'forks',
    // Both cores: vitest's default leaves one idle on a two-core machine, and every file has its own
    // database, Redis prefix, ports and builds, so two run side by side.
    maxWorkers: 2,
    projects: [
      project('contracts', 'packages/contracts', { database: false, ...shared }),
      project('platform', 'packages/platform', shared),
      project('partner-client', 'packages/partner-client', { database: false, ...shared }),
      project('gateway', 'services/gateway', shared),
      project('auth', 'services/auth', shared),
      project('catalog', 'services/catalog', shared),
      project('balance', 'services/balance', shared),
      project('esim', 'services/esim', shared),
      project('physical-sim', 'services/physical-sim', shared),
      project('frontend-shared', 'frontend/shared', {
        database: false,
        environment: 'jsdom',
        setupFiles: [path.join(root, 'frontend/storefront/src/test/setup.ts')],
      }),
      project('backoffice', 'frontend/backoffice', {
        database: false,
        environment: 'jsdom',
        setupFiles: [path.join(root, 'frontend/backoffice/test/setup.ts')],
      }),
      project('infra', 'infra', { timeout: 120_000 }),
      // Kubernetes manifests, alert rules (promtool) and dashboards: no database, no services.
      project('deploy', 'deploy', { database: false, ...shared }),
      project('tests', 'tests', {
        timeout: 180_000,
        include: ['**/*.test.ts'],
        exclude: ['browser/**', '**/node_modules/**'],
      }),
      // The real system driven by Debian's chromium: `npm run test:browser` (CI runs it after npm test).
      project('browser', 'tests/browser', { timeout: 180_000, include: ['*.test.ts'] }),
      // Component tests of the storefront (jsdom, no database); its browser tests live in tests/browser.
      project('storefront', 'frontend/storefront', {
        database: false,
        environment: 'jsdom',
        setupFiles: [path.join(root, 'frontend/storefront/src/test/setup.ts')],
      }),
    ],
  },
});
