import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../src/services';
import { freePortRange, runToEnd, scriptEnv, STACK_FRAME, START_SCRIPT } from './helpers/scripts';

/**
 * `npm start` with something missing must say what to do and exit non-zero, never print a stack
 * trace. Each case fails before a database is created or a process is started.
 */
describe('npm start preflight', () => {
  it('says how to start PostgreSQL when it is unreachable', async () => {
    const result = await runToEnd(
      START_SCRIPT,
      scriptEnv({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/esim' }),
    );
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('PostgreSQL is not reachable at postgres://postgres:***@127.0.0.1:1/postgres');
    expect(result.output).toContain('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start');
    expect(result.output).toContain('docker compose up -d postgres redis');
    expect(result.output).not.toContain('secret');
    expect(result.output).not.toMatch(STACK_FRAME);
  });

  it('says how to start Redis when it is unreachable', async () => {
    const result = await runToEnd(START_SCRIPT, scriptEnv({ REDIS_URL: 'redis://127.0.0.1:1' }));
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('Redis is not reachable at redis://127.0.0.1:1');
    expect(result.output).toContain('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""');
    expect(result.output).not.toMatch(STACK_FRAME);
  });

  it('names a port in use and how to get around it', async () => {
    const base = await freePortRange(6);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(base + 3, '127.0.0.1', resolve));
    try {
      const result = await runToEnd(
        START_SCRIPT,
        scriptEnv({ PORT_BASE: String(base), APP_MODE: 'demo', SMTP_URL: 'smtp://127.0.0.1:2525' }),
      );
      expect(result.code).not.toBe(0);
      expect(result.output).toContain(`Port ${base + 3} (balance) is already in use.`);
      expect(result.output).toContain('PORT_BASE=9080 npm start');
      expect(result.output).not.toMatch(STACK_FRAME);
      expect(result.output).not.toContain('started ');
    } finally {
      blocker.close();
    }
  });

  it('names a bad setting', async () => {
    const result = await runToEnd(START_SCRIPT, scriptEnv({ PORT_BASE: 'eighty' }));
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Invalid configuration:\n {2}PORT_BASE: /);
    expect(result.output).not.toMatch(STACK_FRAME);
  });

  it('refuses to start production without a secret of its own, and never seeds production', async () => {
    const start = await runToEnd(
      START_SCRIPT,
      scriptEnv({ APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: undefined }),
    );
    expect(start.code).not.toBe(0);
    expect(start.output).toContain('INTERNAL_SERVICE_TOKEN: set a secret of your own in production mode');
    const seed = await runToEnd(
      path.join(ROOT_DIR, 'infra/src/seed.ts'),
      scriptEnv({ APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 's'.repeat(32) }),
    );
    expect(seed.code).not.toBe(0);
    expect(seed.output).toContain('demo data is never seeded in production mode');
    expect(seed.output).not.toMatch(STACK_FRAME);
  });
});
