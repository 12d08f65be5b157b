import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT_DIR } from './services';

export const FRONTENDS = ['frontend/storefront', 'frontend/backoffice'];
/** The gateway's variables naming the build it serves, so a build served from elsewhere is not rebuilt here. */
const DIST_VARIABLES: Record<string, string> = {
  'frontend/storefront': 'STOREFRONT_DIST',
  'frontend/backoffice': 'BACKOFFICE_DIST',
};

export function missingFrontendBuilds(root = ROOT_DIR, env: NodeJS.ProcessEnv = process.env): string[] {
  return FRONTENDS.filter(
    (dir) =>
      !existsSync(path.join(path.resolve(root, env[DIST_VARIABLES[dir]!] || path.join(dir, 'dist')), 'index.html')),
  );
}

/**
 * How the SPAs are built (by npm start and by the browser tests): always the production build,
 * whatever NODE_ENV the shell or the test runner sets (a development build's prerendered HTML does
 * not match the production bundle that hydrates it).
 */
export function frontendBuildCommand(dirs: readonly string[] = FRONTENDS, env: NodeJS.ProcessEnv = process.env) {
  return {
    command: 'npm',
    args: ['run', 'build', ...dirs.flatMap((dir) => ['--workspace', dir])],
    env: { ...env, NODE_ENV: 'production' },
  };
}

/**
 * Builds the two SPAs when a build is missing (a fresh clone); an existing build is left alone,
 * so a restart is quick. Resolves to whether both builds exist afterwards.
 */
export async function ensureFrontendsBuilt(output: (line: string) => void): Promise<boolean> {
  const missing = missingFrontendBuilds();
  if (!missing.length) return true;
  output(`building the frontends (missing: ${missing.join(', ')}) ...`);
  const { command, args, env } = frontendBuildCommand();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', output);
    child.once('error', (error) => {
      output(`could not run npm: ${error.message}`);
      resolve(null);
    });
    child.once('exit', (c) => resolve(c));
  });
  if (code !== 0)
    output(`frontend build failed (exit ${code}); the gateway will answer / and /dashboard with "run npm run build".`);
  return missingFrontendBuilds().length === 0;
}
