import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@esim/contracts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BANNER_READY_LINE, renderBanner } from '../src/banner';
import { planProcesses } from '../src/processes';
import { SERVICES } from '../src/services';
import {
  childEnvironment,
  loadStartSettings,
  parseStartArgs,
  portOf,
  redactUrl,
  refuseDemoServiceSecrets,
  SettingsError,
} from '../src/settings';

const service = (name: string) => SERVICES.find((s) => s.name === name)!;

describe('start settings', () => {
  it('moves every port with PORT_BASE: gateway on it, services on the next five', () => {
    expect(SERVICES.map((s) => portOf(s, 8080))).toEqual([8081, 8082, 8083, 8084, 8085, 8080]);
    expect(SERVICES.map((s) => portOf(s, 19000))).toEqual([19001, 19002, 19003, 19004, 19005, 19000]);
  });

  it('gives each child its port and every address it needs, and nothing of the supervisor', () => {
    const settings = loadStartSettings({
      PORT_BASE: '9080',
      REDIS_PREFIX: 'x:',
      MAIL_WEB_PORT: '1',
      KAFKA_BROKERS: 'k:9092',
    });
    const env = childEnvironment(
      service('esim'),
      settings,
      { internalToken: 't'.repeat(32), smtpUrl: 'smtp://127.0.0.1:2525' },
      { PATH: '/bin', PORT_BASE: '9080' },
    );
    expect(env).toMatchObject({
      PATH: '/bin',
      PORT: '9084',
      HOST: '127.0.0.1',
      APP_MODE: 'demo',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/esim',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: 'x:',
      AUTH_URL: 'http://127.0.0.1:9081',
      CATALOG_URL: 'http://127.0.0.1:9082',
      BALANCE_URL: 'http://127.0.0.1:9083',
      ESIM_URL: 'http://127.0.0.1:9084',
      PHYSICAL_SIM_URL: 'http://127.0.0.1:9085',
      AUTH_JWKS_URL: 'http://127.0.0.1:9081/.well-known/jwks.json',
      INTERNAL_SERVICE_TOKEN: 't'.repeat(32),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_BASE_URL: 'http://localhost:9080',
      KAFKA_BROKERS: 'k:9092',
    });
    expect(env.PORT_BASE).toBeUndefined();
    // Listening on every interface still means "reach it on loopback" for the other processes.
    const wide = loadStartSettings({ HOST: '0.0.0.0' });
    expect(childEnvironment(service('gateway'), wide, { internalToken: 'x'.repeat(16) }, {}).CATALOG_URL).toBe(
      'http://127.0.0.1:8082',
    );
  });

  it('drops an inherited KAFKA_BROKERS only when the run has none', () => {
    const settings = loadStartSettings({});
    expect(
      childEnvironment(service('auth'), settings, { internalToken: 'x'.repeat(16) }, { KAFKA_BROKERS: '' })
        .KAFKA_BROKERS,
    ).toBeUndefined();
  });

  it('names a bad variable, and demands a real internal token in production', () => {
    expect(() => loadStartSettings({ PORT_BASE: 'eighty' })).toThrow(/PORT_BASE/);
    expect(() => loadStartSettings({ APP_MODE: 'prod' })).toThrow(SettingsError);
    expect(() => loadStartSettings({ APP_MODE: 'production' })).toThrow(/INTERNAL_SERVICE_TOKEN/);
    expect(loadStartSettings({ APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 's'.repeat(40) }).APP_MODE).toBe(
      'production',
    );
  });

  it("refuses the services' demo webhook secrets in production before anything starts, naming each", () => {
    const production = loadStartSettings({ APP_MODE: 'production', INTERNAL_SERVICE_TOKEN: 's'.repeat(40) });
    expect(() =>
      refuseDemoServiceSecrets(production, { ESIM_WEBHOOK_SECRET: 'demo-esim-webhook-secret-change-me' }),
    ).toThrow(
      'Invalid configuration:\n  ESIM_WEBHOOK_SECRET: set a secret of your own in production mode\n  PHYSICAL_SIM_WEBHOOK_SECRET: set a secret of your own in production mode',
    );
    expect(() => refuseDemoServiceSecrets(production, { ESIM_WEBHOOK_SECRET: 'e'.repeat(32) })).toThrow(
      /^Invalid configuration:\n {2}PHYSICAL_SIM_WEBHOOK_SECRET: [^\n]*$/,
    );
    expect(() =>
      refuseDemoServiceSecrets(production, {
        ESIM_WEBHOOK_SECRET: 'e'.repeat(32),
        PHYSICAL_SIM_WEBHOOK_SECRET: 'p'.repeat(32),
      }),
    ).not.toThrow();
    expect(() => refuseDemoServiceSecrets(loadStartSettings({}), {})).not.toThrow();
  });

  it('hides passwords in addresses it prints', () => {
    expect(redactUrl('postgres://u:secret@db:5432/esim')).toBe('postgres://u:***@db:5432/esim');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe('process plan', () => {
  it('runs each service, then the gateway, then the workers that exist, each as `node [its flags] --import tsx <entry>`', () => {
    const settings = loadStartSettings({ PORT_BASE: '9080' });
    const plan = planProcesses(settings, { internalToken: 'x'.repeat(32) });
    const services = SERVICES.filter((s) => s.name !== 'gateway');
    expect(plan.groups.services.map((p) => p.spec.name)).toEqual(
      services.map((s) => s.name).filter((n) => !plan.missing.includes(n)),
    );
    expect(plan.groups.gateway.map((p) => p.spec.name)).toEqual(plan.missing.includes('gateway') ? [] : ['gateway']);
    for (const planned of [...plan.groups.services, ...plan.groups.gateway]) {
      expect(planned.spec.command).toBe(process.execPath);
      expect(planned.spec.args).toEqual([
        ...(planned.service.nodeFlags ?? []),
        '--import',
        'tsx',
        path.join(planned.service.dir, 'src/server.ts'),
      ]);
      expect(planned.readyUrl).toBe(`http://127.0.0.1:${portOf(planned.service, 9080)}/ready`);
      expect(planned.spec.env?.PORT).toBe(String(portOf(planned.service, 9080)));
    }
    // A declared worker runs once its file exists (physical-sim's import worker).
    const declared = SERVICES.filter((s) => s.worker && existsSync(path.join(s.dir, s.worker)));
    expect(plan.groups.workers.map((p) => p.spec.name)).toEqual(declared.map((s) => `${s.name}-worker`));
    expect(plan.groups.workers.every((p) => p.readyUrl === undefined)).toBe(true);
  });
});

describe('--replicas', () => {
  it('reads the number of copies and names a bad one', () => {
    expect(parseStartArgs([])).toEqual({ replicas: 1 });
    expect(parseStartArgs(['--replicas', '2'])).toEqual({ replicas: 2 });
    expect(parseStartArgs(['--replicas=3'])).toEqual({ replicas: 3 });
    for (const bad of [['--replicas'], ['--replicas', '0'], ['--replicas', 'two'], ['--replicas', '99']])
      expect(() => parseStartArgs(bad)).toThrow(/^--replicas: /);
    expect(() => parseStartArgs(['--fast'])).toThrow(/Unknown argument --fast/);
  });

  it('runs each copy on its own port block, the gateway once, and gives every process every copy of each service', () => {
    const settings = loadStartSettings({ PORT_BASE: '9080' });
    const plan = planProcesses(settings, { internalToken: 'x'.repeat(32), replicas: 2 });
    const names = plan.groups.services.map((p) => p.spec.name);
    expect(names).toContain('catalog-1');
    expect(names).toContain('catalog-2');
    const copy = (name: string) => [...plan.groups.services, ...plan.groups.workers].find((p) => p.spec.name === name)!;
    expect(copy('catalog-1').spec.env?.PORT).toBe('9082');
    expect(copy('catalog-2').spec.env?.PORT).toBe('9087');
    expect(copy('catalog-2').readyUrl).toBe('http://127.0.0.1:9087/ready');
    // Its internal calls spread over both copies and go past one that is down; its own auth copy's keys asked first.
    expect(copy('esim-2').spec.env).toMatchObject({
      CATALOG_URL: 'http://127.0.0.1:9082,http://127.0.0.1:9087',
      BALANCE_URL: 'http://127.0.0.1:9083,http://127.0.0.1:9088',
      AUTH_URL: 'http://127.0.0.1:9081,http://127.0.0.1:9086',
      AUTH_JWKS_URL: 'http://127.0.0.1:9086/.well-known/jwks.json,http://127.0.0.1:9081/.well-known/jwks.json',
    });
    const ports = plan.groups.services.map((p) => p.spec.env?.PORT);
    expect(new Set(ports).size).toBe(ports.length);

    expect(plan.groups.gateway.map((p) => p.spec.name)).toEqual(['gateway']);
    expect(plan.groups.gateway[0]!.spec.env).toMatchObject({
      PORT: '9080',
      CATALOG_URL: 'http://127.0.0.1:9082,http://127.0.0.1:9087',
      AUTH_URL: 'http://127.0.0.1:9081,http://127.0.0.1:9086',
    });
    const workers = plan.groups.workers.map((p) => p.spec.name);
    if (workers.length) {
      expect(workers).toEqual(['physical-sim-worker-1', 'physical-sim-worker-2']);
      expect(copy('physical-sim-worker-2').spec.env?.CATALOG_URL).toBe('http://127.0.0.1:9082,http://127.0.0.1:9087');
    }
  });
});

describe('banner', () => {
  it('lists the addresses and, in demo mode, every demo account with the password', () => {
    const text = renderBanner({
      mode: 'demo',
      baseUrl: 'http://localhost:8080',
      mailInboxUrl: 'http://127.0.0.1:1080',
    });
    expect(text).toContain(`${BANNER_READY_LINE} (demo mode)`);
    for (const url of [
      'http://localhost:8080/',
      'http://localhost:8080/dashboard',
      'http://localhost:8080/api',
      'http://localhost:8080/api/docs',
      'http://localhost:8080/api/health',
      'http://127.0.0.1:1080',
    ]) {
      expect(text).toContain(url);
    }
    expect(text).toContain(DEMO_PASSWORD);
    for (const account of DEMO_ACCOUNTS)
      expect(text).toMatch(new RegExp(`${account.role} +${account.email.replace('.', '\\.')} +${account.fullName}`));
  });

  it('never shows demo accounts or the mail inbox in production mode', () => {
    const text = renderBanner({
      mode: 'production',
      baseUrl: 'http://localhost:8080',
      mailInboxUrl: 'http://127.0.0.1:1080',
    });
    expect(text).toContain('http://localhost:8080/api/docs');
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain('1080');
    for (const account of DEMO_ACCOUNTS) expect(text).not.toContain(account.email);
  });
});
