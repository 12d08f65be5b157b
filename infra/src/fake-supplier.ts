import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PlannedProcess } from './processes';
import { ROOT_DIR, SERVICES } from './services';
import { connectHost, MAX_REPLICAS, SettingsError, type StartSettings } from './settings';
import type { ProcessSpec } from './supervisor';

/** The suppliers `npm start -- --supplier <name>` can sell through, each against its fake. */
export type FakeSupplier = 'airalo' | 'esimaccess';

export interface FakeSupplierRun {
  planned: Pick<PlannedProcess, 'spec' | 'readyUrl'>;
  port: number;
  /** What every esim copy gets: the fake's address and this run's credentials. */
  esimEnv: Record<string, string>;
  controlUrl: string;
}

/**
 * The fake supplier's process: its port (FAKE_SUPPLIER_PORT, else the one after the fake iyzico's) and
 * fresh credentials per run; `env` is what it runs with (its own FAKE_* settings pass through).
 */
export function planFakeSupplier(
  settings: StartSettings,
  supplier: FakeSupplier,
  env: NodeJS.ProcessEnv = process.env,
): FakeSupplierRun {
  const requested = env.FAKE_SUPPLIER_PORT;
  const port = requested ? Number(requested) : settings.PORT_BASE + (SERVICES.length - 1) * MAX_REPLICAS + 2;
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new SettingsError(`FAKE_SUPPLIER_PORT: a port number, got ${requested}`);
  const id = `fake-${randomBytes(8).toString('hex')}`;
  const secret = `fake-${randomBytes(24).toString('hex')}`;
  const host = connectHost(settings.HOST);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const airalo = supplier === 'airalo';
  const spec: ProcessSpec = {
    name: `fake-${supplier}`,
    command: process.execPath,
    args: ['--import', 'tsx', path.join(ROOT_DIR, `infra/src/fakes/${supplier}-cli.ts`)],
    cwd: ROOT_DIR,
    env: {
      ...env,
      HOST: settings.HOST,
      ...(airalo
        ? { FAKE_AIRALO_PORT: String(port), FAKE_AIRALO_CLIENT_ID: id, FAKE_AIRALO_CLIENT_SECRET: secret }
        : { FAKE_ESIMACCESS_PORT: String(port), FAKE_ESIMACCESS_ACCESS_CODE: id, FAKE_ESIMACCESS_SECRET_KEY: secret }),
    },
  };
  return {
    planned: { spec, readyUrl: `${url}/__fake/health` },
    port,
    esimEnv: airalo
      ? { AIRALO_CLIENT_ID: id, AIRALO_CLIENT_SECRET: secret, AIRALO_BASE_URL: `${url}/v2` }
      : { ESIMACCESS_ACCESS_CODE: id, ESIMACCESS_SECRET_KEY: secret, ESIMACCESS_BASE_URL: url },
    controlUrl: `http://localhost:${port}/__fake/`,
  };
}
