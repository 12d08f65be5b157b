import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PlannedProcess } from './processes';
import { nodeArgs, ROOT_DIR, SERVICES } from './services';
import { connectHost, MAX_REPLICAS, SettingsError, type StartSettings } from './settings';
import type { ProcessSpec } from './supervisor';

/**
 * The fakes `npm start` can run beside the services in demo mode, each a faithful stand-in for a
 * third party built from its public docs (never the third party): the fake iyzico for card
 * payments, a wholesale supplier's fake for eSIMs, the fake Paraşüt for e-Arşiv invoices. Each runs
 * as one more process on its own port with fresh credentials per run, and tells the service that
 * uses it where it is and which credentials to use.
 */
export interface FakeRun {
  planned: Pick<PlannedProcess, 'spec' | 'readyUrl'>;
  port: number;
  /** What every copy of the service that calls the fake gets: the fake's address and this run's credentials. */
  serviceEnv: Record<string, string>;
  controlUrl: string;
}

/** The suppliers `npm start -- --supplier <name>` can sell through, each against its fake. */
export type FakeSupplier = 'airalo' | 'esimaccess';

const secret = (bytes: number) => `fake-${randomBytes(bytes).toString('hex')}`;

/** A fake's process on `portVariable`'s port, else `offset` past every service copy's port. */
function fakeProcess(
  settings: StartSettings,
  fake: {
    name: string;
    cli: string;
    /** The setting that picks the port; the fake's own CLI is told it in `env`. */
    portVariable: string;
    offset: number;
    env: (port: number) => Record<string, string>;
  },
  env: NodeJS.ProcessEnv,
): { planned: FakeRun['planned']; port: number; url: string } {
  const requested = env[fake.portVariable];
  const port = requested ? Number(requested) : settings.PORT_BASE + (SERVICES.length - 1) * MAX_REPLICAS + fake.offset;
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new SettingsError(`${fake.portVariable}: a port number, got ${requested}`);
  const host = connectHost(settings.HOST);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const spec: ProcessSpec = {
    name: fake.name,
    command: process.execPath,
    args: nodeArgs([path.join(ROOT_DIR, 'infra/src/fakes', fake.cli)]),
    cwd: ROOT_DIR,
    env: { ...env, HOST: settings.HOST, ...fake.env(port) },
  };
  return { planned: { spec, readyUrl: `${url}/__fake/health` }, port, url };
}

/** `--card-provider fake-iyzico`: every balance copy pays through the iyzico adapter against the fake iyzico. */
export function planFakeIyzico(settings: StartSettings, env: NodeJS.ProcessEnv = process.env): FakeRun {
  const apiKey = `sandbox-${secret(12)}`;
  const secretKey = `sandbox-${secret(24)}`;
  const { planned, port, url } = fakeProcess(
    settings,
    {
      name: 'fake-iyzico',
      cli: 'iyzico-cli.ts',
      portVariable: 'FAKE_IYZICO_PORT',
      offset: 1,
      env: (port) => ({
        FAKE_IYZICO_PORT: String(port),
        FAKE_IYZICO_API_KEY: apiKey,
        FAKE_IYZICO_SECRET_KEY: secretKey,
      }),
    },
    env,
  );
  return {
    planned,
    port,
    serviceEnv: { IYZICO_API_KEY: apiKey, IYZICO_SECRET_KEY: secretKey, IYZICO_BASE_URL: url },
    controlUrl: `${env.FAKE_IYZICO_PUBLIC_URL ?? `http://localhost:${port}`}/__fake/`,
  };
}

/** `--supplier airalo|esimaccess`: every esim copy also buys through that supplier's adapter against its fake. */
export function planFakeSupplier(
  settings: StartSettings,
  supplier: FakeSupplier,
  env: NodeJS.ProcessEnv = process.env,
): FakeRun {
  const id = secret(8);
  const key = secret(24);
  const airalo = supplier === 'airalo';
  const { planned, port, url } = fakeProcess(
    settings,
    {
      name: `fake-${supplier}`,
      cli: `${supplier}-cli.ts`,
      portVariable: 'FAKE_SUPPLIER_PORT',
      offset: 2,
      env: (port): Record<string, string> =>
        airalo
          ? { FAKE_AIRALO_PORT: String(port), FAKE_AIRALO_CLIENT_ID: id, FAKE_AIRALO_CLIENT_SECRET: key }
          : { FAKE_ESIMACCESS_PORT: String(port), FAKE_ESIMACCESS_ACCESS_CODE: id, FAKE_ESIMACCESS_SECRET_KEY: key },
    },
    env,
  );
  return {
    planned,
    port,
    serviceEnv: airalo
      ? { AIRALO_CLIENT_ID: id, AIRALO_CLIENT_SECRET: key, AIRALO_BASE_URL: `${url}/v2` }
      : { ESIMACCESS_ACCESS_CODE: id, ESIMACCESS_SECRET_KEY: key, ESIMACCESS_BASE_URL: url },
    controlUrl: `http://localhost:${port}/__fake/`,
  };
}

/** `--invoices fake-parasut`: every auth copy issues e-Arşiv invoices through the Paraşüt adapter against the fake Paraşüt. */
export function planFakeParasut(settings: StartSettings, env: NodeJS.ProcessEnv = process.env): FakeRun {
  const credentials = {
    clientId: secret(8),
    clientSecret: secret(24),
    username: `muhasebe-${randomBytes(4).toString('hex')}@demo.test`,
    password: secret(12),
    companyId: String(100_000 + randomBytes(2).readUInt16BE()),
  };
  const { planned, port, url } = fakeProcess(
    settings,
    {
      name: 'fake-parasut',
      cli: 'parasut-cli.ts',
      portVariable: 'FAKE_PARASUT_PORT',
      offset: 3,
      env: (port) => ({
        FAKE_PARASUT_PORT: String(port),
        FAKE_PARASUT_CLIENT_ID: credentials.clientId,
        FAKE_PARASUT_CLIENT_SECRET: credentials.clientSecret,
        FAKE_PARASUT_USERNAME: credentials.username,
        FAKE_PARASUT_PASSWORD: credentials.password,
        FAKE_PARASUT_COMPANY_ID: credentials.companyId,
      }),
    },
    env,
  );
  return {
    planned,
    port,
    serviceEnv: {
      INVOICE_PROVIDER: 'parasut',
      PARASUT_CLIENT_ID: credentials.clientId,
      PARASUT_CLIENT_SECRET: credentials.clientSecret,
      PARASUT_USERNAME: credentials.username,
      PARASUT_PASSWORD: credentials.password,
      PARASUT_COMPANY_ID: credentials.companyId,
      PARASUT_BASE_URL: url,
    },
    controlUrl: `http://localhost:${port}/__fake/`,
  };
}
