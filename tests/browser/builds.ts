import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { frontendBuildCommand } from '../../infra/src/frontends';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type FrontEnd = 'backoffice' | 'storefront';

/** Where a front end's production build is: the folder the gateway serves by default, as under npm start. */
export const distOf = (app: FrontEnd) => path.join(root, 'frontend', app, 'dist');

/** What a front end's build is made from: a change in any of these makes the build out of date. */
const sourcesOf = (app: FrontEnd) => [
  path.join(root, 'frontend', app, 'src'),
  path.join(root, 'frontend', app, 'index.html'),
  path.join(root, 'frontend', app, 'vite.config.ts'),
  path.join(root, 'frontend', app, 'scripts'),
  path.join(root, 'frontend', app, 'public'),
  path.join(root, 'frontend/shared/src'),
  path.join(root, 'packages/contracts/src'),
];

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

function isCurrent(app: FrontEnd): boolean {
  const index = path.join(distOf(app), 'index.html');
  return existsSync(index) && statSync(index).mtimeMs >= Math.max(...sourcesOf(app).map(newestChange));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes sure the front end's production build exists and is newer than its sources, building it
 * when not (CI builds both before the tests, so there it is only checked). Browser test files run
 * side by side and serve the same build, so one builds at a time (a lock folder) and the others
 * wait for it instead of rebuilding what is being served.
 */
export async function ensureBuilt(app: FrontEnd): Promise<string> {
  const lock = `${distOf(app)}.building`;
  const deadline = Date.now() + 10 * 60_000;
  while (!isCurrent(app)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another file builds it: wait, then look again (a lock left by a killed run is broken after 10 minutes).
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 10 * 60_000) rmSync(lock, { force: true, recursive: true });
      if (Date.now() > deadline) throw new Error(`the ${app} build did not finish within 10 minutes`);
      await sleep(500);
      continue;
    }
    try {
      if (!isCurrent(app)) {
        // The build npm start makes: the production one, although NODE_ENV is 'test' under vitest.
        const { command, args, env } = frontendBuildCommand([`frontend/${app}`]);
        await promisify(execFile)(command, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
      }
    } finally {
      rmSync(lock, { force: true, recursive: true });
    }
  }
  return distOf(app);
}
