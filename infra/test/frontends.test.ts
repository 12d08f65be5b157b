import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontendBuildCommand, missingFrontendBuilds } from '../src/frontends';

describe('the frontends npm start builds', () => {
  it('builds both for production even when the shell exports another NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const { command, args, env } = frontendBuildCommand(undefined, { PATH: '/usr/bin', NODE_ENV });
      expect([command, ...args]).toEqual([
        'npm',
        'run',
        'build',
        '--workspace',
        'frontend/storefront',
        '--workspace',
        'frontend/backoffice',
      ]);
      expect(env).toEqual({ PATH: '/usr/bin', NODE_ENV: 'production' });
    }
    expect(frontendBuildCommand(['frontend/storefront'], { NODE_ENV: 'test' })).toEqual({
      command: 'npm',
      args: ['run', 'build', '--workspace', 'frontend/storefront'],
      env: { NODE_ENV: 'production' },
    });
  });

  it('names the builds that are missing, in the default folders or where the gateway is told to look', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'frontends-'));
    expect(missingFrontendBuilds(root, {})).toEqual(['frontend/storefront', 'frontend/backoffice']);
    mkdirSync(path.join(root, 'frontend/storefront/dist'), { recursive: true });
    writeFileSync(path.join(root, 'frontend/storefront/dist/index.html'), '<!doctype html>');
    expect(missingFrontendBuilds(root, {})).toEqual(['frontend/backoffice']);
    mkdirSync(path.join(root, 'elsewhere'));
    writeFileSync(path.join(root, 'elsewhere/index.html'), '<!doctype html>');
    expect(missingFrontendBuilds(root, { BACKOFFICE_DIST: 'elsewhere' })).toEqual([]);
  });
});
