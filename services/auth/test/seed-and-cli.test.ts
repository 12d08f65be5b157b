import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, demoAccount } from '@esim/contracts';
import { seedDemoData } from '../src/seed';
import { login, outbox, startAuth, type AuthTestApp } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs `npm run create-admin`'s script as a real process against this file's database. */
function createAdmin(args: string[], stdin: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'services/auth/src/cli/create-admin.ts'), ...args],
      {
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('demo seed', () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await startAuth();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates the demo accounts with their fixed ids, profiles and events; a second run changes nothing', async () => {
    const first = await seedDemoData(app.db);
    expect(first.created.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const events = await outbox(app);
    const usersAfterFirst = await app.db('users').orderBy('id').select('id', 'email', 'user_type', 'updated_at');

    expect(
      events
        .filter((e) => e.type === 'auth.user.registered')
        .map((e) => e.aggregateId)
        .sort(),
    ).toEqual(DEMO_ACCOUNTS.map((a) => a.id).sort());
    expect(events.filter((e) => e.type === 'auth.sales-manager.created').map((e) => e.aggregateId)).toEqual([
      demoAccount('sales@esim.test').id,
    ]);
    const dealerEvents = events.filter((e) => e.type === 'auth.dealer.created');
    expect(dealerEvents.map((e) => e.payload)).toEqual(
      ['dealer@esim.test', 'dealer2@esim.test'].map((email) =>
        expect.objectContaining({
          dealerId: demoAccount(email).id,
          email,
          companyName: demoAccount(email).companyName,
          salesManagerId: demoAccount('sales@esim.test').id,
          status: 'active',
        }),
      ),
    );

    const second = await seedDemoData(app.db);
    expect(second.created).toEqual([]);
    expect(await outbox(app)).toHaveLength(events.length);
    expect(await app.db('users').orderBy('id').select('id', 'email', 'user_type', 'updated_at')).toEqual(
      usersAfterFirst,
    );
  });

  it('lets every demo account sign in with the demo password, with its user_type', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { response } = await login(app, account.email);
      expect(response.json().data).toMatchObject({
        id: account.id,
        user_type: account.userType,
        full_name: account.fullName,
      });
    }
  });

  it('never seeds in production mode', async () => {
    await expect(seedDemoData(app.db, { appMode: 'production' })).rejects.toThrow(/production/);
  });
});

describe('npm run create-admin', () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await startAuth();
  });
  afterAll(async () => {
    await app.close();
  });
  const production = {
    APP_MODE: 'production',
    INTERNAL_SERVICE_TOKEN: 'a-real-secret-of-32-characters!!',
    NODE_ENV: 'production',
  };

  it('creates the first admin in production mode from a piped password, who then signs in as an admin', async () => {
    const result = await createAdmin(
      ['--email', 'Ops@Example.com', '--name', 'Operasyon Yönetici', '--password-stdin'],
      'cok-gizli-sifre\n',
      production,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Admin ops@example.com created');
    const { response } = await login(app, 'ops@example.com', 'cok-gizli-sifre');
    expect(response.json().data).toMatchObject({ user_type: 3, full_name: 'Operasyon Yönetici' });
    expect(
      (await outbox(app, 'auth.user.registered')).find((e) => e.payload.email === 'ops@example.com')?.payload,
    ).toMatchObject({ userType: 3 });
  });

  const refusals: Array<[string, string[], string, RegExp]> = [
    ['no email', ['--name', 'Kimse'], 'cok-gizli-sifre', /Usage/],
    [
      'a bad email',
      ['--email', 'not-an-email', '--name', 'Kimse', '--password-stdin'],
      'cok-gizli-sifre',
      /email: Enter a valid email address/,
    ],
    [
      'a short password',
      ['--email', 'kisa@example.com', '--name', 'Kimse', '--password-stdin'],
      'kisa',
      /password: The password must be at least 8 characters/,
    ],
    [
      'the email as password',
      ['--email', 'ayni@example.com', '--name', 'Kimse', '--password-stdin'],
      'ayni@example.com',
      /must not be your email/,
    ],
    [
      'a taken email',
      ['--email', 'ops@example.com', '--name', 'Tekrar', '--password-stdin'],
      'cok-gizli-sifre',
      /already in use/,
    ],
  ];
  it.each(refusals)(
    'refuses %s with a message and exit code 1, creating nothing',
    async (_case, args, stdin, message) => {
      const before = await app.db('users').count({ n: '*' });
      const result = await createAdmin(args, stdin, production);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(await app.db('users').count({ n: '*' })).toEqual(before);
    },
  );
});
